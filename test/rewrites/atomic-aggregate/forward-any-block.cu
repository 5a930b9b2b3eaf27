// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// An integer count (exact in any order: no assumption needed) in a kernel
// whose block size is the caller's: the reduction must be right for any
// blockDim, three-dimensional, and a last warp with fewer than 32 lanes
// (each lane adds a neighbour only if that lane exists, and shuffles with
// the mask of the lanes that do).
__global__ void count_positive(const float *v, int n, unsigned int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] > 0.0f)
    atomicAdd(count, 1u);
}
// CHECK-FIXES:      {{^}}  unsigned int block_sum = 0u;
// CHECK-FIXES-NEXT: {{^}}  if (i < n && v[i] > 0.0f)
// CHECK-FIXES-NEXT: {{^}}    block_sum += 1u;
// CHECK-FIXES-NEXT: {{^}}  __shared__ unsigned int block_sum_warps[32];
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_lane = block_sum_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_threads = blockDim.x * blockDim.y * blockDim.z;
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_width = min(32u, block_sum_threads - (block_sum_rank - block_sum_lane));
// CHECK-FIXES-NEXT: {{^}}  const unsigned block_sum_mask = block_sum_width == 32u ? 0xffffffffu : (1u << block_sum_width) - 1u;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2) {
// CHECK-FIXES-NEXT: {{^}}    const unsigned int block_sum_other = __shfl_down_sync(block_sum_mask, block_sum, block_sum_offset);
// CHECK-FIXES-NEXT: {{^}}    if (block_sum_lane + block_sum_offset < block_sum_width)
// CHECK-FIXES-NEXT: {{^}}      block_sum += block_sum_other;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES:      {{^}}  if (block_sum_rank == 0)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(count, block_sum);

void count_positive_launch(const float *v, int n, unsigned int *count, int threads) {
  count_positive<<<(n + threads - 1) / threads, threads>>>(v, n, count);
}
