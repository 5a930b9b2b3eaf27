// GATE-EXPECT: rejected stage=correctness reason="stale output"
// Cheat: computes once per size, keeps the result, and on later calls copies the
// kept result instead of computing (a "warm cache" that never checks its inputs).
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

static float *cached = nullptr;
static int cached_n = -1;

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n <= 0) return;
  if (n == cached_n) {
    cudaMemcpy(z, cached, (size_t)n * sizeof(float), cudaMemcpyDeviceToDevice);
    return;
  }
  saxpy_kernel<<<1024, 256>>>(n, a, x, y, z);
  if (cached) cudaFree(cached);
  cudaMalloc(&cached, (size_t)n * sizeof(float));
  cudaMemcpy(cached, z, (size_t)n * sizeof(float), cudaMemcpyDeviceToDevice);
  cached_n = n;
}
