// RUN: %check-roundtrip %s %t --rewrite=thread-coarsen --from=reverse -- --option=mode=grid-stride --assume=max:scale.n:100000000
// REQUIRES: nvcc
// A grid-stride kernel in forward's form, launched with a grid that is a
// ceil-division of a covering grid: reverse then forward (grid-stride,
// C = 4) gives it back.
#include <cuda_runtime.h>

__global__ void scale(float *v, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    v[i] *= s;
  }
}

void run(float *v, int n) {
  scale<<<((n + 255) / 256 + 3) / 4, 256>>>(v, 2.f, n);
}
