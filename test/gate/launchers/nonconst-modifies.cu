// GATE-EXPECT: rejected stage=correctness reason="input buffer 'x' was modified"
// GATE-WORKLOAD: stream.yaml
// A non-const input pointer is accepted as a parameter type, but writing
// through it is still caught.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, float *x, float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    z[i] = a * x[i] + y[i];
    x[i] = 0.0f; // "scratch space"
  }
}

void saxpy_stream(int n, float a, float *x, float *y, float *z, cudaStream_t stream) {
  if (n > 0) saxpy_kernel<<<2048, 256, 0, stream>>>(n, a, x, y, z);
}
