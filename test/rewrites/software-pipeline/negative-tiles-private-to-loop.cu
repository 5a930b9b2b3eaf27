// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2
// Tiles a second stage would change beyond the loop: one read after the
// loop (it would read whichever stage the last step left), one passed to a
// function as a row (its layout leaks), one declared at file scope.
#include <cuda_runtime.h>

#define TILE 16

__global__ void read_after(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'tiles-private-to-loop' fails: line [[@LINE+6]] ('As') uses 'As' outside the loop's compute (a second stage changes what it holds) [KL2702]
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc + As[ty][tx];
}

__device__ float rowSum(const float *r) {
  float s = 0;
  for (int i = 0; i < TILE; ++i)
    s += r[i];
  return s;
}

__global__ void row_pointer(const float *A, float *C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 2: precondition 'tiles-private-to-loop' fails: line [[@LINE+3]] ('As') uses 'As' without subscripting every dimension (a pointer to it, a row): a stage's layout would leak [KL2702]
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += rowSum(As[ty]);
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__shared__ float Global[TILE][TILE];

__global__ void file_scope(const float *A, float *C, int n) {
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 3: precondition 'tiles-private-to-loop' fails: 'Global' is not a static __shared__ array declared in 'file_scope' (a second stage needs a leading extent in its declaration) [KL2702]
    Global[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += Global[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}
