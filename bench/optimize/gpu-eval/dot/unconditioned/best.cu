// Dot product into one float, naive: every thread multiplies one pair and
// adds it to *result with its own atomicAdd (all threads of the grid
// contend on one address). The launcher zeroes the result first (the gate
// poisons outputs).
#include <cuda_runtime.h>

__global__ void dot_kernel(const float *x, const float *y, float *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float block_sum = -0.0f;
  if (i < n)
    block_sum += x[i] * y[i];
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
  if (block_sum_rank == 0)
    atomicAdd(result, block_sum);
}

void dot_launch(int n, const float *x, const float *y, float *result) {
  cudaMemsetAsync(result, 0, sizeof(float));
  int block = 256;
  int grid = (n + block - 1) / block;
  if (grid > 0)
    dot_kernel<<<grid, block>>>(x, y, result, n);
}
