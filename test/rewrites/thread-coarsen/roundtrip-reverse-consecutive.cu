// RUN: %check-roundtrip %s %t --rewrite=thread-coarsen --from=reverse
// REQUIRES: nvcc
// A kernel in forward's consecutive form: reverse then forward gives it back.
#include <cuda_runtime.h>

__global__ void sq(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k) y[4 * i + k] = x[4 * i + k] * x[4 * i + k];
  } else if (i == n / 4) {
    for (int k = 0; k < n % 4; ++k) y[4 * i + k] = x[4 * i + k] * x[4 * i + k];
  }
}

void run(const float *x, float *y, int n) {
  sq<<<((n + 127) / 128 + 3) / 4, 128>>>(x, y, n);
}
