// GATE-EXPECT: rejected stage=correctness reason="left work running"
// Cheat: does the work correctly on the default stream but leaves a "background"
// kernel running on a non-blocking stream after it returns (deferred work that
// would land in somebody else's measurement).
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s --workload %S/saxpy-out.yaml
#include <cuda_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, const float *y, float *z) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    z[i] = a * x[i] + y[i];
}

__global__ void background(long long cycles, int *sink) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {}
  if (threadIdx.x == 12345) *sink = 1;
}

static cudaStream_t side = nullptr;
static int *sink = nullptr;

void saxpy(int n, float a, const float *x, const float *y, float *z) {
  if (n <= 0) return;
  if (!side) { cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking); cudaMalloc(&sink, 4); }
  saxpy_kernel<<<1024, 256>>>(n, a, x, y, z);
  background<<<1, 32, 0, side>>>(2000000000LL * 15, sink); // ~15 s at 2 GHz
}
