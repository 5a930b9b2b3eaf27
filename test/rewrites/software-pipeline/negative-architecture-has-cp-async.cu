// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward --expect-exit=2 -- --option=mechanism=cp-async --cuda-gpu-arch=sm_75
// Parsed for sm_75 (Turing), which has no cp.async: the mechanism is
// refused; registers (the default) work on any architecture.
#include <cuda_runtime.h>

#define TILE 16

__global__ void turing(const float *__restrict__ A, float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'software-pipeline' (forward) at site 1: precondition 'architecture-has-cp-async' fails: the file is parsed for sm_75, which has no cp.async (sm_80 and later): --cuda-gpu-arch=sm_80 or later, or --option=mechanism=registers [KL2708]
    As[ty][tx] = A[row * n + t * TILE + tx];
    __syncthreads();
    acc += As[ty][(tx + 1) % TILE];
    __syncthreads();
  }
  C[row * n + tx] = acc;
}
