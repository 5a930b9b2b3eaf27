// RUN: %check-roundtrip %s %t --rewrite=thread-coarsen --from=forward -- --option=mode=strided --option=factor=4
// REQUIRES: nvcc
// Forward (strided) then reverse gives back the input, a dim3 grid variable
// and an early return included (64-bit index: no bound assertion needed).
#include <cuda_runtime.h>
#include <cstddef>

__global__ void affine(const float *x, float *y, float w, float b, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = w * x[i] + b;
}

void run(const float *x, float *y, size_t n) {
  dim3 block(256);
  dim3 grid((unsigned)((n + 255) / 256));
  affine<<<grid, block>>>(x, y, 2.f, 1.f, n);
}
