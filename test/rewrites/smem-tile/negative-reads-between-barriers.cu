// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// The last tile is read again after the loop: that read sees the tile of
// the last step, not an element the step's index can recompute there.
#include <cuda_runtime.h>

#define T 16

__global__ void reads_last_tile(int n, const float *a, float *c, float *last) {
  __shared__ float as[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  float s = 0;
  for (int t = 0; t < n / T; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'reads-between-barriers' fails: line [[@LINE+8]] ('as[ty][tx]') reads 'as' outside the loop's step between the barrier after the stores and the next [KL2512]
    as[ty][tx] = a[row * n + t * T + tx];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      s += as[ty][k];
    __syncthreads();
  }
  c[row * n + blockIdx.x * T + tx] = s;
  last[row * T + tx] = as[ty][tx];
}

void run(int n, const float *a, float *c, float *last) {
  reads_last_tile<<<dim3(n / T, n / T), dim3(T, T)>>>(n, a, c, last);
}
