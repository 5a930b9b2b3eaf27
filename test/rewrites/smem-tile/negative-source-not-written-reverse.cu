// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// The tiled loop writes its partial sums to global memory on every step;
// out may alias a, and a global read where the tile is read could see a
// store the staging did not.
#include <cuda_runtime.h>

#define T 16

__global__ void partials(int n, const float *a, float *out) {
  __shared__ float as[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  float s = 0;
  for (int t = 0; t < n / T; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'source-not-written' fails: line [[@LINE+6]] ('out[(t * n + row) * T + tx]') writes memory (or calls code that may) inside the loop: a global read at the tile's read could see it where the staged copy did not [KL2503]
    as[ty][tx] = a[row * n + t * T + tx];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      s += as[ty][k];
    __syncthreads();
    out[(t * n + row) * T + tx] = s;
  }
}

void run(int n, const float *a, float *out) {
  partials<<<dim3(1, n / T), dim3(T, T)>>>(n, a, out);
}
