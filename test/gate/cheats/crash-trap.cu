// GATE-EXPECT: rejected stage=correctness reason="cudaErrorLaunchFailure|cudaErrorIllegalInstruction|cudaErrorAssert"
// Cheat (or bug): a device-side trap (what a failed assert() or __trap() does)
// when it meets an input it did not expect.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (x[i] > 0.9999f) __trap();
  z[i] = a * x[i] + y[i];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
