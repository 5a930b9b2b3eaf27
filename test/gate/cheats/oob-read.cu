// GATE-EXPECT: rejected stage=sanitize reason="Invalid __global__ read"
// GATE-ARGS: --sanitize memcheck
// Cheat (or bug): reads one element past the end of x (a prefetch without a bound).
// The value is multiplied by zero, so every result is right and the read does not
// fault (allocations are padded): only compute-sanitizer memcheck sees it.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  float next = x[i + 1]; // i + 1 == n for the last thread
  z[i] = a * x[i] + y[i] + 0.0f * next;
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
