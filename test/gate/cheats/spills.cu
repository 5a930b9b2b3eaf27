// GATE-EXPECT: rejected stage=compile reason="spill_bytes=0"
// Cheat: computes the right answer but spills registers to local memory
// (__maxnreg__(32) with 48 live values); the workload's limits say spill_bytes: 0.
// REQUIRES: nvcc
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml --no-gpu
#include <cuda_runtime.h>

__global__ void __maxnreg__(32) saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc[48];
#pragma unroll
  for (int k = 0; k < 48; ++k) acc[k] = x[(i + k * 977) % n] * (k + 1);
  float s = 0;
#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int k = 0; k < 48; ++k) s += acc[k] * acc[(k + r) % 48];
  z[i] = a * x[i] + y[i] + 0.0f * s;
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
