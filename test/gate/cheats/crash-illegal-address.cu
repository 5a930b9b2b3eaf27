// GATE-EXPECT: rejected stage=correctness reason="cudaErrorIllegalAddress"
// Cheat (or bug): an index computed in 32 bits that overflows for the last
// elements of big inputs and a stray write through a wild pointer: the kernel
// faults with an illegal address. The driver process dies with a sticky error;
// the gate (its parent) reports it and carries on.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) z[i] = a * x[i] + y[i];
  if (i == n / 2) z[i + (1LL << 40)] = 0.f; // far outside any allocation
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
