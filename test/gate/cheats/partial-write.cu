// GATE-EXPECT: rejected stage=correctness reason="were not written"
// Cheat: writes only the even elements of the output (half the stores, looks 2x
// faster). The poison pattern left in the odd elements gives it away.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = 2 * (blockIdx.x * (long long)blockDim.x + threadIdx.x); i < n;
       i += 2LL * gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<1024, 256>>>(n, a, x, y, z);
}
