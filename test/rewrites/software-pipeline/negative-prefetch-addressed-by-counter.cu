// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=reverse --expect-exit=2
// The prefetch reaches the next step through a variable the step computes
// from the counter (`kn = (t + 1) * TILE`): moving the counter one step
// back in the prefetch would not move kn, so one stage would stage the
// wrong step.
#include <cuda_runtime.h>

#define TILE 16

__global__ void next_offset(const float *A, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  As[0][ty][tx] = A[row * n + tx];
  __syncthreads();
  int stage = 0;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (reverse) at site 1: precondition 'prefetch-addressed-by-counter' fails: the prefetch reads 'kn', which the step computes from the counter: moving the counter back would not move it [KL2713]
    const int kn = (t + 1) * TILE;
    float As_next;
    if (t + 1 < n / TILE)
      As_next = A[row * n + kn + tx];
    acc += As[stage][ty][(tx + 1) % TILE];
    if (t + 1 < n / TILE)
      As[stage ^ 1][ty][tx] = As_next;
    __syncthreads();
    stage ^= 1;
  }
  C[row * n + tx] = acc;
}
