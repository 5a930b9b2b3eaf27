// Per-block partial sums of N floats, naive: NVIDIA's reduce2 shape (one
// element per thread into dynamic shared memory, a halving tree with a
// barrier per stride). Each block writes its partial; the output is the
// partials, so the result does not depend on the order blocks finish.
#include <cuda_runtime.h>

__global__ void tree_sum_kernel(const float *in, float *partial, long long n) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  float block_sum = (i < n) ? in[i] : 0.0f;
  __shared__ float block_sum_warps[32];
  const unsigned block_sum_rank = threadIdx.x;
  const unsigned block_sum_lane = block_sum_rank % 32u;
  const unsigned block_sum_threads = blockDim.x;
  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  if (block_sum_lane == 0)
    block_sum_warps[block_sum_rank / 32u] = block_sum;
  __syncthreads();
  if (block_sum_rank < 32u) {
    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : -0.0f;
    for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
      block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  }
  if (tid == 0)
    partial[blockIdx.x] = block_sum;
}

void tree_sum_launch(long long n, const float *in, float *partial) {
  const int threads = 256;
  const long long blocks = (n + threads - 1) / threads;
  if (blocks > 0)
    tree_sum_kernel<<<(unsigned)blocks, threads, threads * sizeof(float)>>>(in, partial, n);
}
