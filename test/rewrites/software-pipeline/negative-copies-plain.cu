// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2 -- --option=mechanism=cp-async
// cp.async copies bytes: a staging that converts (__half to float) or
// computes (a scaled element) cannot become a copy; registers can carry
// either (the same loops apply with the default mechanism).
#include <cuda_fp16.h>

#define TILE 16

__global__ void converts(const __half *__restrict__ A, float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'copies-plain' fails: line [[@LINE+1]] ('As[ty][tx] = __half2float(A[row * n + t * TILE + tx])') stores a computed or converted value: cp.async copies a global element of the tile's type unchanged (`T[s] = G[i]`, `T[s] = c ? G[i] : 0`) [KL2706]
    As[ty][tx] = __half2float(A[row * n + t * TILE + tx]);
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}

__global__ void scales(const float *__restrict__ A, float *__restrict__ C, float s, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 2: precondition 'copies-plain' fails: line [[@LINE+1]] ('As[ty][tx] = s * A[row * n + t * TILE + tx]') stores a computed or converted value: cp.async copies a global element of the tile's type unchanged (`T[s] = G[i]`, `T[s] = c ? G[i] : 0`) [KL2706]
    As[ty][tx] = s * A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}
