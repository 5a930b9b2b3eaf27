// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// The classic tree (NVIDIA's reduce2, sequential addressing): each thread
// stores its element, the strides halve from blockDim.x / 2 with a barrier
// each, and thread 0 writes the block's sum. Forward: the stored value
// starts a register accumulator, the block reduces it with shuffles and one
// shared stage (256 threads: full warps, one dimension), and thread 0's
// statement reads the register instead of element 0.
#include <cuda_runtime.h>

__global__ void block_sums(const float *in, float *partial, int n) {
  extern __shared__ float sdata[];
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
// CHECK-FIXES:      {{^}}  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  float block_sum = (i < n) ? in[i] : 0.0f;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float block_sum_warps[32];
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_lane = block_sum_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_threads = blockDim.x;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
// CHECK-FIXES-NEXT: {{^}}    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
// CHECK-FIXES-NEXT: {{^}}  if (block_sum_lane == 0)
// CHECK-FIXES-NEXT: {{^}}    block_sum_warps[block_sum_rank / 32u] = block_sum;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (block_sum_rank < 32u) {
// CHECK-FIXES-NEXT: {{^}}    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : -0.0f;
// CHECK-FIXES-NEXT: {{^}}    for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
// CHECK-FIXES-NEXT: {{^}}      block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (tid == 0)
// CHECK-FIXES-NEXT: {{^}}    partial[blockIdx.x] = block_sum;
// CHECK-FIXES-NEXT: {{^}}}

void block_sums_launch(const float *in, float *partial, int n, cudaStream_t stream) {
  int blocks = (n + 255) / 256;
  block_sums<<<blocks, 256, 256 * sizeof(float), stream>>>(in, partial, n);
}
