// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// The next step's load would not be the one the step makes: a pointer the
// compute advances (the load reads through it), a compute that writes
// global memory the next load may read, a register of the staging's own
// that the compute reads.
#include <cuda_runtime.h>

#define TILE 16

__global__ void advanced_pointer(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  const float *a = A + row * n;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'prefetch-independent' fails: the staging reads 'a', which the step changes at line [[@LINE+5]] ('a += TILE'): the next step's load would need its next value [KL2703]
    As[ty][tx] = a[tx];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k];
    a += TILE;
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void in_place(float *X, int n) {
  __shared__ float Xs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 2: precondition 'prefetch-independent' fails: line [[@LINE+3]] ('X[row * n + t * TILE + tx]') writes memory (or calls code that may) in the compute: the next step's load, now issued before it, could read it [KL2703]
    Xs[ty][tx] = X[row * n + t * TILE + tx];
    __syncthreads();
    X[row * n + t * TILE + tx] = Xs[tx][ty] + 1.0f;
    __syncthreads();
  }
}

__global__ void reads_register(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float v;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 3: precondition 'prefetch-independent' fails: the compute reads the staging's register 'v', which would hold the next step's element [KL2703]
    v = A[row * n + t * TILE + tx];
    As[ty][tx] = v;
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE] * v;
    __syncthreads();
  }
  C[row * n + tx] = acc;
}
