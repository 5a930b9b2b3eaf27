// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// "CUDA by Example"'s dot product: a grid-stride sum of products into
// `temp`, the cache indexed by a local copy of threadIdx.x, the stride
// declared before a `while` loop that halves it last, and thread 0 adding
// the block's sum with atomicAdd. Macros size the block. The stride's
// declaration goes with the tree.
#include <cuda_runtime.h>

#define imin(a, b) ((a) < (b) ? (a) : (b))
#define THREADS_PER_BLOCK 128

__global__ void dot(const float *a, const float *b, float *c, int N) {
  __shared__ float cache[THREADS_PER_BLOCK];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;
  float temp = 0;
  while (tid < N) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i)
      cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }
  if (cacheIndex == 0)
    atomicAdd(c, cache[0]);
}
// CHECK-FIXES:      {{^}}  float block_sum = temp;
// CHECK-FIXES-NOT:  int i = blockDim.x / 2;
// CHECK-FIXES:      {{^}}  if (cacheIndex == 0)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(c, block_sum);

void dot_launch(const float *a, const float *b, float *c, int N) {
  int blocks = imin(32, (N + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
  dot<<<blocks, THREADS_PER_BLOCK>>>(a, b, c, N);
}
