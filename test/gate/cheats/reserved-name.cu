// GATE-EXPECT: rejected stage=compile reason="reserved names"
// Cheat: names its kernel with the gate's own prefix, hoping the profiler
// takes its work for the gate's bookkeeping and leaves it out of the time.
// REQUIRES: nvcc
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml --no-gpu
#include <cuda_runtime.h>

__global__ void klineage_drv_saxpy(int n, float a, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = a * x[i] + y[i];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) klineage_drv_saxpy<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
