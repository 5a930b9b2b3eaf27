// GATE-EXPECT: rejected stage=correctness reason="not ordered before the default stream"
// GATE-WORKLOAD: stream.yaml
// Cheat: ignores the stream it is given and runs on a non-blocking stream of
// its own without joining it; the gate's marker waits for the given stream only.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    for (int r = 0; r < 8; ++r) // long enough to still be running
      z[i] = a * x[i] + y[i] + 0.0f * r;
}

static cudaStream_t side = nullptr;

void saxpy_stream(int n, float a, float *x, float *y, float *z, cudaStream_t) {
  if (n <= 0) return;
  if (!side) cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  saxpy_kernel<<<64, 256, 0, side>>>(n, a, x, y, z);
}
