// GATE-EXPECT: accepted
// GATE-WORKLOAD: stream.yaml
// A launcher in the style of real code: non-const inputs, the caller's stream
// last, the kernel launched on that stream (the driver's non-blocking one).
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, float *x, float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

void saxpy_stream(int n, float a, float *x, float *y, float *z, cudaStream_t stream) {
  if (n > 0) saxpy_kernel<<<2048, 256, 0, stream>>>(n, a, x, y, z);
}
