// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// Two 64 x 64 float tiles take 32 KiB; a second stage of each would need
// 64 KiB, past the 48 KiB a block may declare statically.
#include <cuda_runtime.h>

__global__ void big_tiles(const float *A, const float *B, float *C, int n) {
  __shared__ float As[64][64];
  __shared__ float Bs[64][64];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 64 + ty * 4, col = blockIdx.x * 64 + tx;
  float acc[4] = {0, 0, 0, 0};
  for (int t = 0; t < n; t += 64) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'shared-memory-fits' fails: with the added stages of every tile (32768 bytes) 'big_tiles' does not fit: {{.*}} [KL1507]
    for (int r = 0; r < 4; ++r) {
      As[ty * 4 + r][tx] = A[(row + r) * n + t + tx];
      Bs[ty * 4 + r][tx] = B[(t + ty * 4 + r) * n + col];
    }
    __syncthreads();
    for (int k = 0; k < 64; ++k)
      for (int r = 0; r < 4; ++r)
        acc[r] += As[ty * 4 + r][k] * Bs[k][tx];
    __syncthreads();
  }
  for (int r = 0; r < 4; ++r)
    C[(row + r) * n + col] = acc[r];
}
