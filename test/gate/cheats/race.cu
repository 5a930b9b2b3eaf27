// GATE-EXPECT: rejected stage=correctness reason="is wrong"
// Cheat (or bug): a missing __syncthreads(). Each thread stores x into shared
// memory and then computes the element of a thread in ANOTHER warp from it;
// whether that warp has stored yet depends on scheduling, so the result is right
// on some runs and blocks and wrong on others. Repeated trials and sizes catch
// it (compute-sanitizer racecheck too, with --sanitize racecheck).
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  __shared__ float tile[256];
  long long base = blockIdx.x * (long long)blockDim.x;
  int t = threadIdx.x;
  if (base + t < n) tile[t] = x[base + t];
  // __syncthreads() missing here
  int u = (t + 128) % 256;
  if (base + u < n) z[base + u] = a * tile[u] + y[base + u];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
