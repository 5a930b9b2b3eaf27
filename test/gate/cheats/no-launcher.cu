// GATE-EXPECT: rejected stage=compile reason="driver does not build"
// Cheat: the kernel compiles but the launcher has another parameter list than the
// workload declares (double instead of float a), so the gate cannot call it.
// REQUIRES: nvcc
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml --no-gpu
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, double a, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = (float)(a * x[i] + y[i]);
}

void saxpy_d(int n, double a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
