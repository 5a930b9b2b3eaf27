// GATE-EXPECT: rejected stage=correctness reason="NaN or Inf"
// Cheat (or bug): a "fast" formulation through sqrt that is only valid for
// non-negative inputs: negative x gives NaN. NaN never passes, whatever the
// tolerance or norm says.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    float s = sqrtf(x[i]);
    z[i] = a * (x[i] > -0.99f ? x[i] : s * s) + y[i];  // x <= -0.99: NaN
  }
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<1024, 256>>>(n, a, x, y, z);
}
