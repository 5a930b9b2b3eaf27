// GATE-EXPECT: rejected stage=compile reason="nvcc failed"
// Cheat: does not compile (an undeclared identifier). Rejected before any GPU is involved.
// REQUIRES: nvcc
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml --no-gpu
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = a * x[i] + y[i] + undeclared_bias;
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
