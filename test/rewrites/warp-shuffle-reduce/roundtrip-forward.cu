// REQUIRES: nvcc
// RUN: %klineage-rewrite --rewrite=warp-shuffle-reduce --direction=forward %s -o %t.fwd.cu --assume=reassociate
// RUN: %klineage-rewrite --rewrite=warp-shuffle-reduce --direction=reverse %t.fwd.cu -o %t.back.cu --assume=reassociate
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.back.cu
// RUN: %nvcc -c -o %t.back.o %t.back.cu
// Forward then reverse: the tree becomes shuffles and one shared stage,
// and those become a tree again, on the forward's register (the text is
// not the input's: the tree array and loop are the builder's). Every
// thread ends with the block's sum; thread 0 writes it.
#include <cuda_runtime.h>

__global__ void block_sums(const float *in, float *partial, int n) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}
// BACK:      {{^}}  float block_sum = (i < n) ? in[i] : 0.0f;
// BACK:      {{^}}  __shared__ float block_sum_tree[256];
// BACK-NEXT: {{^}}  const unsigned block_sum_rank_1 = threadIdx.x;
// BACK-NEXT: {{^}}  block_sum_tree[block_sum_rank_1] = block_sum;
// BACK-NEXT: {{^}}  __syncthreads();
// BACK-NEXT: {{^}}  for (unsigned block_sum_stride = 128; block_sum_stride > 0; block_sum_stride /= 2) {
// BACK-NEXT: {{^}}    if (block_sum_rank_1 < block_sum_stride)
// BACK-NEXT: {{^}}      block_sum_tree[block_sum_rank_1] += block_sum_tree[block_sum_rank_1 + block_sum_stride];
// BACK-NEXT: {{^}}    __syncthreads();
// BACK-NEXT: {{^}}  }
// BACK-NEXT: {{^}}  block_sum = block_sum_tree[0];
// BACK-NOT:  __shfl
// BACK:      {{^}}  if (tid == 0)
// BACK-NEXT: {{^}}    partial[blockIdx.x] = block_sum;

void launch(const float *in, float *partial, int n) { block_sums<<<(n + 255) / 256, 256>>>(in, partial, n); }
