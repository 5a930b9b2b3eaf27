// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// Loops that are not one staging, one barrier, the compute and a last
// barrier: a compute that leaves the step early, a counter that counts
// down, a staging that writes global memory, a barrier only at the top.
#include <cuda_runtime.h>

#define TILE 16

__global__ void early_exit(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'single-stage-loop' fails: line [[@LINE+5]] ('break') leaves the step before its last barrier [KL2701]
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][tx];
    if (acc > 1e30f)
      break;
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void counts_down(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = n / TILE - 1; t >= 0; --t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 2: precondition 'single-stage-loop' fails: the loop's step '--t' does not add to an integer counter (++i, i += S, i = i + S) [KL2701]
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void staging_writes(const float *A, float *C, int *count, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 3: precondition 'single-stage-loop' fails: line [[@LINE+1]] ('atomicAdd(count, 1)') writes memory (or calls code that may) in the staging: only stores into the tiles move to the other stage [KL2701]
    int slot = atomicAdd(count, 1);
    As[ty][tx] = A[row * n + t * TILE + tx] + slot;
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void barrier_first(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 4: precondition 'single-stage-loop' fails: the loop's body starts with a barrier: no staging comes before it [KL2701]
    __syncthreads();
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
  }
  C[row * n + tx] = acc;
}
