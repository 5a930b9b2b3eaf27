// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=reverse --expect-exit=2
// A prefetch whose guard is not the loop's condition at the next step
// (two steps ahead): with one stage the current step's staging would run
// under a condition it did not have.
#include <cuda_runtime.h>

#define TILE 16

__global__ void two_ahead(const float *A, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  As[0][ty][tx] = A[row * n + tx];
  __syncthreads();
  int stage = 0;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (reverse) at site 1: precondition 'prefetch-guards-next-step' fails: the prefetch's guard 't + 2 < n / TILE' is not the loop's condition 't < n / TILE' at the next step [KL2712]
    float As_next;
    if (t + 2 < n / TILE)
      As_next = A[row * n + (t + 1) * TILE + tx];
    acc += As[stage][ty][(tx + 1) % TILE];
    if (t + 2 < n / TILE)
      As[stage ^ 1][ty][tx] = As_next;
    __syncthreads();
    stage ^= 1;
  }
  C[row * n + tx] = acc;
}
