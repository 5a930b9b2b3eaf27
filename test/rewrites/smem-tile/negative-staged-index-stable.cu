// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// What a staged element reads changes between the staging and the read in a
// way the read cannot undo: the pointer moves only on some steps (a bump
// under a condition), or the step it moves by changes before the read. (One
// unconditional bump per step is undone: reverse-pointer-bumps.cu.)
#include <cuda_runtime.h>

#define T 32

__global__ void walk_some(int n, const float *a, const float *b, float *c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float s = 0;
  for (int t = 0; t < n; t += T) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'staged-index-stable' fails: 'a', which the staged element of line [[@LINE+1]] ('as[ty][tx] = a[ty * n + tx]') reads, changes before the read at line [[@LINE+7]] ('as[ty][k]') [KL2513]
    as[ty][tx] = a[ty * n + tx];
    bs[ty][tx] = b[(t + ty) * n + tx];
    __syncthreads();
    if (t + T < n)
      a += T;
    for (int k = 0; k < T; ++k)
      s += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[ty * n + tx] = s;
}

__global__ void walk_stride(int n, int step, const float *a, const float *b, float *c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float s = 0;
  for (int t = 0; t < n; t += T) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 2: precondition 'staged-index-stable' fails: 'a', which the staged element of line [[@LINE+1]] ('as[ty][tx] = a[ty * n + tx]') reads, changes before the read at line [[@LINE+7]] ('as[ty][k]') [KL2513]
    as[ty][tx] = a[ty * n + tx];
    bs[ty][tx] = b[(t + ty) * n + tx];
    __syncthreads();
    a += step;
    step *= 2;
    for (int k = 0; k < T; ++k)
      s += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[ty * n + tx] = s;
}

void run(int n, const float *a, const float *b, float *c) {
  walk_some<<<dim3(n / T, n / T), dim3(T, T)>>>(n, a, b, c);
  walk_stride<<<dim3(n / T, n / T), dim3(T, T)>>>(n, T, a, b, c);
}
