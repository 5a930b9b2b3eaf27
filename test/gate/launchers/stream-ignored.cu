// GATE-EXPECT: accepted
// GATE-WORKLOAD: stream.yaml
// Takes a stream and ignores it: the work goes to the legacy default stream,
// which is ordered before the gate's marker, and CUPTI times it there.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

void saxpy_stream(int n, float a, float *x, float *y, float *z, cudaStream_t) {
  if (n > 0) saxpy_kernel<<<2048, 256>>>(n, a, x, y, z);
}
