// GATE-EXPECT: rejected stage=correctness reason="N=1000003"
// Cheat: hard-codes the profiled shape's properties: float4 everywhere, no tail
// loop (right only when N % 4 == 0, as at the profiled N = 2^26). The gate checks
// sizes that are never profiled, including a prime one.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float4 *x, const float4 *y, float4 *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n / 4;
       i += (long long)gridDim.x * blockDim.x) {
    float4 xv = x[i], yv = y[i], r;
    r.x = a * xv.x + yv.x; r.y = a * xv.y + yv.y; r.z = a * xv.z + yv.z; r.w = a * xv.w + yv.w;
    z[i] = r;
  }
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0)
    saxpy_kernel<<<1024, 256>>>(n, a, (const float4 *)x, (const float4 *)y, (float4 *)z);
}
