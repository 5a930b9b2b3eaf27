// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// The pointer-walking tiled product (siboehm's "shared memory cache
// blocking" step): the operands' pointers move on between the barrier and
// the reads, so a read cannot recompute its element from `a[tx]` where it
// is. (A reverse that subtracts the step it has taken is not written.)
#include <cuda_runtime.h>

#define T 32

__global__ void walk(int n, const float *a, const float *b, float *c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  a += blockIdx.y * T * n;
  b += blockIdx.x * T;
  c += blockIdx.y * T * n + blockIdx.x * T;
  float s = 0;
  for (int t = 0; t < n; t += T) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'staged-index-stable' fails: 'a', which the staged element of line [[@LINE+1]] ('as[ty][tx] = a[ty * n + tx]') reads, changes before the read at line [[@LINE+7]] ('as[ty][k]') [KL2513]
    as[ty][tx] = a[ty * n + tx];
    bs[ty][tx] = b[ty * n + tx];
    __syncthreads();
    a += T;
    b += T * n;
    for (int k = 0; k < T; ++k)
      s += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[ty * n + tx] = s;
}

void run(int n, const float *a, const float *b, float *c) {
  walk<<<dim3(n / T, n / T), dim3(T, T)>>>(n, a, b, c);
}
