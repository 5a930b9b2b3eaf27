// GATE-EXPECT: rejected stage=correctness reason="timeout"
// Cheat (or bug): a loop whose exit condition never becomes true for the inputs
// the gate draws (x is in [-1, 1]). The driver's watchdog (call_timeout_s) and,
// behind it, the gate's own time limit on the child stop it.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  volatile const float *vx = x;
  float v = vx[i];
  while (v < 100.f) v = vx[i] * 0.5f; // never leaves
  z[i] = a * x[i] + y[i] + 0.f * v;
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
