// Per-block sums of squares of N ints into long long, naive: NVIDIA's
// reduce5 shape (the block size a template parameter, every stride
// written out under `if (blockSize >= N)`, a volatile warp-synchronous
// tail), each thread adding two elements while loading.
#include <cuda_runtime.h>

template <unsigned int blockSize>
__device__ void warpReduce(volatile long long *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned int blockSize>
__global__ void tree_sumsq_kernel(const int *x, long long *partial, unsigned int n) {
  __shared__ long long sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  long long sum = 0;
  if (i < n) sum += (long long)x[i] * x[i];
  if (i + blockSize < n) sum += (long long)x[i + blockSize] * x[i + blockSize];
  long long block_sum = sum;
  __shared__ long long block_sum_warps[32];
  const unsigned block_sum_rank = threadIdx.x;
  const unsigned block_sum_lane = block_sum_rank % 32u;
  const unsigned block_sum_threads = blockDim.x;
  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  if (block_sum_lane == 0)
    block_sum_warps[block_sum_rank / 32u] = block_sum;
  __syncthreads();
  if (block_sum_rank < 32u) {
    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : 0ll;
    for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
      block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  }
  if (tid == 0) partial[blockIdx.x] = block_sum;
}

void tree_sumsq_launch(unsigned int n, const int *x, long long *partial) {
  constexpr unsigned int kThreads = 256;
  const unsigned int blocks = (n + 2 * kThreads - 1) / (2 * kThreads);
  if (blocks > 0)
    tree_sumsq_kernel<kThreads><<<blocks, kThreads>>>(x, partial, n);
}
