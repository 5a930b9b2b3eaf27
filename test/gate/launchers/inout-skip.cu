// GATE-EXPECT: rejected stage=correctness reason="written elements of in-out buffer 'y' were not written"
// GATE-WORKLOAD: inout.yaml
// Skips the last 1/64 of an in-out buffer that the manifest says is written
// in full: named as unwritten, as plainly as a skipped output.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void axpy_kernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - n / 64) y[i] = a * x[i] + y[i];
}

void axpy_inout(int n, float a, const float *x, float *y, cudaStream_t s) {
  if (n > 0) axpy_kernel<<<(n + 255) / 256, 256, 0, s>>>(n, a, x, y);
}
