// RUN: %check-roundtrip %s %t --rewrite=thread-coarsen --from=forward -- --option=mode=grid-stride --option=factor=8 --assume=max:axpb.n:100000000
// REQUIRES: nvcc
// Forward (grid-stride, C = 8) then reverse gives back the input.
#include <cuda_runtime.h>

__global__ void axpb(const float *x, float *y, float a, float b, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    y[i] = a * x[i] + b;
  }
}

void run(const float *x, float *y, int n, cudaStream_t s) {
  const int threads = 512;
  axpb<<<(n + threads - 1) / threads, threads, 0, s>>>(x, y, 3.f, 1.f, n);
}
