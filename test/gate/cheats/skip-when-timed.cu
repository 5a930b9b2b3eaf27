// GATE-EXPECT: rejected stage=profile reason="timed call"
// Cheat: detects a benchmark loop (the same arguments many times in a row) and
// then skips the work, so the timed calls cost nothing. The gate verifies the
// output of timed calls too.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  static const float *last_x = nullptr;
  static int last_n = -1, repeats = 0;
  repeats = (x == last_x && n == last_n) ? repeats + 1 : 0;
  last_x = x;
  last_n = n;
  if (repeats >= 5) return; // "warm-up is over: we are being timed"
  if (n > 0) saxpy_kernel<<<4096, 256>>>(n, a, x, y, z);
}
