// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// Shared arrays that are not tiles of one global element per thread: a
// staged value that is computed (scaled while staged), a store at a
// shifted slot (the staging, run per thread, leaves slots of the padded
// tile unstaged), and a loop that also uses a second
// shared array the rewrite does not stage (its barriers must stay).
#include <cuda_runtime.h>

#define T 16

__global__ void scaled(int n, float alpha, const float *a, const float *b, float *c) {
  __shared__ float as[T][T], bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float s = 0;
  for (int t = 0; t < n / T; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'tiles-staged-once' fails: line [[@LINE+1]] ('as[ty][tx] = alpha * a[row * n + t * T + tx]') stores into 'as' something other than one global element (or a constant otherwise) [KL2511]
    as[ty][tx] = alpha * a[row * n + t * T + tx];
    bs[ty][tx] = b[(t * T + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      s += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[row * n + col] = s;
}

__global__ void shifted(int n, const float *a, float *c) {
  __shared__ float as[T][T + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  float s = 0;
  for (int t = 0; t < n / T; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 2: precondition 'tiles-staged-once' fails: the staging before the first barrier: the block stages 256 of the 272 elements of 'as' [KL2511]
    as[ty][tx + 1] = a[row * n + t * T + tx];
    __syncthreads();
    for (int k = 1; k <= T; ++k)
      s += as[ty][k];
    __syncthreads();
  }
  c[row * n + blockIdx.x * T + tx] = s;
}

__global__ void with_scratch(int n, const float *a, float *c) {
  __shared__ float as[T][T];
  __shared__ float part[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  float s = 0;
  for (int t = 0; t < n / T; ++t) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 3: precondition 'tiles-staged-once' fails: the loop also uses the shared array 'part', which is not staged like a tile: its barriers cannot go [KL2511]
    as[ty][tx] = a[row * n + t * T + tx];
    __syncthreads();
    part[ty][tx] = as[ty][tx] * as[ty][(tx + 1) % T];
    s += part[ty][T - 1 - tx];
    __syncthreads();
  }
  c[row * n + blockIdx.x * T + tx] = s;
}

void run(int n, float alpha, const float *a, const float *b, float *c) {
  dim3 g(n / T, n / T), blk(T, T);
  scaled<<<g, blk>>>(n, alpha, a, b, c);
  shifted<<<g, blk>>>(n, a, c);
  with_scratch<<<g, blk>>>(n, a, c);
}
