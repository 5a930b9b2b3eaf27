// GATE-EXPECT: accepted
// GATE-WORKLOAD: inout-half.yaml
// An in-out buffer written in part (written: "N/2"): the rest stays as it was.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void axpy_kernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 2) y[i] = a * x[i] + y[i];
}

void axpy_half(int n, float a, const float *x, float *y, cudaStream_t s) {
  if (n > 0) axpy_kernel<<<(n / 2 + 255) / 256 + 1, 256, 0, s>>>(n, a, x, y);
}
