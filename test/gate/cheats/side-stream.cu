// GATE-EXPECT: rejected stage=correctness reason="not ordered before the default stream"
// Cheat: launches the work on a non-blocking side stream and returns without
// joining it, so a timer on the default stream sees nothing. The gate records
// every kernel on every stream (CUPTI) and checks that the launcher's work ends
// before the next default-stream operation begins.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    for (int r = 0; r < 8; ++r) // make it long enough to still be running
      z[i] = a * x[i] + y[i] + 0.0f * r;
}

static cudaStream_t side = nullptr;

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n <= 0) return;
  if (!side) cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  saxpy_kernel<<<64, 256, 0, side>>>(n, a, x, y, z);
}
