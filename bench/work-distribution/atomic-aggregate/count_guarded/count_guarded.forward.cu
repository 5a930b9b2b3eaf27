// Count of elements equal to a key, written with early returns: a thread past
// the end or with another key leaves at once; the rest do atomicAdd(hits, 1).
// The launcher zeroes the count.
#include <cuda_runtime.h>

__global__ void count_key_hits(const int *__restrict__ data, int len, int wanted, int *hits) {
  const int idx = threadIdx.x + blockIdx.x * blockDim.x;
  int block_sum = 0;
  if (idx < len) {
    if (data[idx] == wanted) {
      block_sum += 1;
    }
  }
  __shared__ int block_sum_warps[32];
  const unsigned block_sum_rank = threadIdx.x;
  const unsigned block_sum_lane = block_sum_rank % 32u;
  const unsigned block_sum_threads = blockDim.x;
  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  if (block_sum_lane == 0)
    block_sum_warps[block_sum_rank / 32u] = block_sum;
  __syncthreads();
  if (block_sum_rank < 32u) {
    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : 0;
    for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
      block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  }
  if (block_sum_rank == 0)
    atomicAdd(hits, block_sum);
}

void count_guarded_launch(int n, const int *keys, int key, int *count, cudaStream_t stream) {
  cudaMemsetAsync(count, 0, sizeof(int), stream);
  if (n > 0)
    count_key_hits<<<(n + 255) / 256, 256, 0, stream>>>(keys, n, key, count);
}
