// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2 -- --option=stages=3
// Three stages through registers: the registers hold one step ahead, so
// the mechanism keeps two stages; cp.async takes up to four.
#include <cuda_runtime.h>

#define TILE 16

__global__ void three_stages(const float *__restrict__ A, float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'stages-supported' fails: the registers mechanism keeps two stages (its registers hold one step ahead), not 3: --option=mechanism=cp-async for more [KL2709]
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}
