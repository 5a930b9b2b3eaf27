// GATE-EXPECT: rejected stage=correctness reason="is wrong"
// Cheat (or bug): stages x through shared memory but the last thread of each block
// never stores its element (off by one), then every thread reads its slot:
// thread 255 reads uninitialised shared memory.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  __shared__ float tile[256];
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (threadIdx.x < 255 && i < n) tile[threadIdx.x] = x[i];
  __syncthreads();
  if (i < n) z[i] = a * tile[threadIdx.x] + y[i];
}

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n > 0) saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, z);
}
