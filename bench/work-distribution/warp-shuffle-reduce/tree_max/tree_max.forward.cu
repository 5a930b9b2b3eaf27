// Per-block maxima of N floats, naive: a static tree of 512 elements whose
// strides start at a constant (256), fmaxf steps, and a launcher on a
// stream. Each block writes its maximum.
#include <cuda_runtime.h>
#include <cfloat>

#define MAX_THREADS 512

__global__ void tree_max_kernel(const float *__restrict__ x, float *__restrict__ block_max, int n) {
  __shared__ float smax[MAX_THREADS];
  int gid = blockIdx.x * MAX_THREADS + threadIdx.x;
  float block_max_1 = gid < n ? x[gid] : -3.40282347E+38F;
  __shared__ float block_max_1_warps[32];
  const unsigned block_max_1_rank = threadIdx.x;
  const unsigned block_max_1_lane = block_max_1_rank % 32u;
  const unsigned block_max_1_threads = blockDim.x;
  for (unsigned block_max_1_offset = 16; block_max_1_offset > 0; block_max_1_offset /= 2)
    block_max_1 = max(block_max_1, __shfl_down_sync(0xffffffffu, block_max_1, block_max_1_offset));
  if (block_max_1_lane == 0)
    block_max_1_warps[block_max_1_rank / 32u] = block_max_1;
  __syncthreads();
  if (block_max_1_rank < 32u) {
    block_max_1 = block_max_1_rank < (block_max_1_threads + 31u) / 32u ? block_max_1_warps[block_max_1_rank] : -INFINITY;
    for (unsigned block_max_1_offset = 16; block_max_1_offset > 0; block_max_1_offset /= 2)
      block_max_1 = max(block_max_1, __shfl_down_sync(0xffffffffu, block_max_1, block_max_1_offset));
  }
  if (threadIdx.x == 0)
    block_max[blockIdx.x] = block_max_1;
}

void tree_max_launch(int n, const float *x, float *block_max, cudaStream_t stream) {
  const int blocks = (n + MAX_THREADS - 1) / MAX_THREADS;
  if (blocks > 0)
    tree_max_kernel<<<blocks, MAX_THREADS, 0, stream>>>(x, block_max, n);
}
