// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse
// RUN: %check-roundtrip %s %t.roundtrip --rewrite=atomic-aggregate --from=reverse
// Reverse of forward's own output: the reduction and its declarations go,
// the accumulator's folds become the atomics again; forward then gives back
// the input (the round trip). The block reductions are as forward writes
// them, for a block size nothing states (three-dimensional rank, lane guards
// and masks) and for a block-uniform loop (a reduction per column, with the
// barrier that keeps the partials of one column from the next).
#include <cuda_runtime.h>

__global__ void count_positive(const float *v, int n, unsigned int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int block_sum = 0u;
  if (i < n && v[i] > 0.0f)
    block_sum += 1u;
  __shared__ unsigned int block_sum_warps[32];
  const unsigned block_sum_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned block_sum_lane = block_sum_rank % 32u;
  const unsigned block_sum_threads = blockDim.x * blockDim.y * blockDim.z;
  const unsigned block_sum_width = min(32u, block_sum_threads - (block_sum_rank - block_sum_lane));
  const unsigned block_sum_mask = block_sum_width == 32u ? 0xffffffffu : (1u << block_sum_width) - 1u;
  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2) {
    const unsigned int block_sum_other = __shfl_down_sync(block_sum_mask, block_sum, block_sum_offset);
    if (block_sum_lane + block_sum_offset < block_sum_width)
      block_sum += block_sum_other;
  }
  if (block_sum_lane == 0)
    block_sum_warps[block_sum_rank / 32u] = block_sum;
  __syncthreads();
  if (block_sum_rank < 32u) {
    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : 0u;
    for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2) {
      const unsigned int block_sum_other = __shfl_down_sync(block_sum_mask, block_sum, block_sum_offset);
      if (block_sum_lane + block_sum_offset < block_sum_width)
        block_sum += block_sum_other;
    }
  }
  if (block_sum_rank == 0)
    atomicAdd(count, block_sum);
}

__global__ void column_max(const int *a, int rows, int cols, int *colmax) {
  for (int k = 0; k < cols; ++k) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int block_max = (-2147483647 - 1);
    if (r < rows)
      block_max = max(block_max, a[r * cols + k]);
    __shared__ int block_max_warps[32];
    const unsigned block_max_rank = threadIdx.x;
    const unsigned block_max_lane = block_max_rank % 32u;
    const unsigned block_max_threads = blockDim.x;
    for (unsigned block_max_offset = 16; block_max_offset > 0; block_max_offset /= 2)
      block_max = max(block_max, __shfl_down_sync(0xffffffffu, block_max, block_max_offset));
    __syncthreads();
    if (block_max_lane == 0)
      block_max_warps[block_max_rank / 32u] = block_max;
    __syncthreads();
    if (block_max_rank < 32u) {
      block_max = block_max_rank < (block_max_threads + 31u) / 32u ? block_max_warps[block_max_rank] : (-2147483647 - 1);
      for (unsigned block_max_offset = 16; block_max_offset > 0; block_max_offset /= 2)
        block_max = max(block_max, __shfl_down_sync(0xffffffffu, block_max, block_max_offset));
    }
    if (block_max_rank == 0)
      atomicMax(&colmax[k], block_max);
  }
}

void run(const float *v, int n, unsigned *c, const int *a, int rows, int cols, int *m) {
  column_max<<<(rows + 127) / 128, 128>>>(a, rows, cols, m);
}
// CHECK-FIXES:      {{^}}__global__ void count_positive(const float *v, int n, unsigned int *count) {
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n && v[i] > 0.0f)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(count, 1u);
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}__global__ void column_max(const int *a, int rows, int cols, int *colmax) {
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < cols; ++k) {
// CHECK-FIXES-NEXT: {{^}}    int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}    if (r < rows)
// CHECK-FIXES-NEXT: {{^}}      atomicMax(&colmax[k], a[r * cols + k]);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
