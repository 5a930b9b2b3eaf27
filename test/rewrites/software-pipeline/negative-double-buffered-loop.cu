// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=reverse --expect-exit=2
// Two-stage tiles whose loop is not the pipelined shape: the compute reads
// the stage the store writes (a broken pipeline one stage cannot express),
// and a store of the next stage with no barrier after it.
#include <cuda_runtime.h>

#define TILE 16

__global__ void same_stage(const float *A, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  As[0][ty][tx] = A[row * n + tx];
  __syncthreads();
  int stage = 0;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (reverse) at site 1: precondition 'double-buffered-loop' fails: the compute reads the stage 'stage' that the store writes [KL2711]
    const bool has_next = t + 1 < n / TILE;
    float As_next;
    if (has_next)
      As_next = A[row * n + (t + 1) * TILE + tx];
    acc += As[stage][ty][(tx + 1) % TILE];
    if (has_next)
      As[stage][ty][tx] = As_next;
    __syncthreads();
    stage ^= 1;
  }
  C[row * n + tx] = acc;
}

__global__ void no_barrier(const float *A, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  As[0][ty][tx] = A[row * n + tx];
  __syncthreads();
  int stage = 0;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (reverse) at site 2: precondition 'double-buffered-loop' fails: no barrier after the store of the next stage [KL2711]
    const bool has_next = t + 1 < n / TILE;
    float As_next;
    if (has_next)
      As_next = A[row * n + (t + 1) * TILE + tx];
    acc += As[stage][ty][(tx + 1) % TILE];
    if (has_next)
      As[stage ^ 1][ty][tx] = As_next;
    stage ^= 1;
  }
  C[row * n + tx] = acc;
}
