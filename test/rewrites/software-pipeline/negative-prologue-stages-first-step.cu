// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=reverse --expect-exit=2
// Prologues the loop's own staging cannot replace: one that also writes
// global memory (a counter reset that would be lost), and none at all
// (stage 0 filled elsewhere, no barrier before the loop).
#include <cuda_runtime.h>

#define TILE 16

__global__ void prologue_writes(const float *A, float *C, int *steps, int n) {
  __shared__ float As[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  {
    As[0][ty][tx] = A[row * n + tx];
    steps[row] = 0;
  }
  __syncthreads();
  int stage = 0;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (reverse) at site 1: precondition 'prologue-stages-first-step' fails: line [[@LINE-5]] ('steps[row]') writes memory in the prologue besides stage 0 [KL2714]
    float As_next;
    if (t + 1 < n / TILE)
      As_next = A[row * n + (t + 1) * TILE + tx];
    acc += As[stage][ty][(tx + 1) % TILE];
    if (t + 1 < n / TILE)
      As[stage ^ 1][ty][tx] = As_next;
    __syncthreads();
    stage ^= 1;
  }
  C[row * n + tx] = acc;
}

__device__ void fill(float (*s)[TILE][TILE], const float *A, int row, int n) {
  s[0][threadIdx.y][threadIdx.x] = A[row * n + threadIdx.x];
}

__global__ void no_prologue(const float *A, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  int stage = 0;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (reverse) at site 2: precondition 'prologue-stages-first-step' fails: no barrier before the loop ends a prologue that fills stage 0 [KL2714]
    float As_next;
    if (t + 1 < n / TILE)
      As_next = A[row * n + (t + 1) * TILE + tx];
    acc += As[stage][ty][(tx + 1) % TILE];
    if (t + 1 < n / TILE)
      As[stage ^ 1][ty][tx] = As_next;
    __syncthreads();
    stage ^= 1;
  }
  C[row * n + tx] = acc;
}
