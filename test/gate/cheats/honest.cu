// GATE-EXPECT: accepted
// The control: an honest kernel that every stage must accept (no false positives).
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n <= 0) return;
  long long blocks = (n + 255) / 256;
  saxpy_kernel<<<(int)(blocks < 4096 ? blocks : 4096), 256>>>(n, a, x, y, z);
}
