// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward -- --assume=reassociate
// A dot product into one float: every thread in range adds its product to
// *result. Forward: each thread folds its product into an accumulator that
// starts at the identity (-0.0f), the block reduces it (the launch gives
// 256 threads: full warps, one dimension), and thread 0 adds the block's
// sum. Threads out of range contribute the identity and still take part.
#include <cuda_runtime.h>

__global__ void dot(const float *x, const float *y, float *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(result, x[i] * y[i]);
}
// CHECK-FIXES:      {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  float block_sum = -0.0f;
// CHECK-FIXES-NEXT: {{^}}  if (i < n)
// CHECK-FIXES-NEXT: {{^}}    block_sum += x[i] * y[i];
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
// CHECK-FIXES-NEXT: {{^}}  if (block_sum_rank == 0)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(result, block_sum);
// CHECK-FIXES-NEXT: {{^}}}

void dot_launch(const float *x, const float *y, float *result, int n, cudaStream_t stream) {
  cudaMemsetAsync(result, 0, sizeof(float), stream);
  dot<<<(n + 255) / 256, 256, 0, stream>>>(x, y, result, n);
}
