// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// A warp per row in 2-D blocks, as OneFlow's SoftmaxWarpImpl launches it:
// `dim3 block_dim(32, 4)`, the row `blockIdx.x * blockDim.y + threadIdx.y`,
// threadIdx.x the lane (the block is 32 threads wide), columns stepping by
// blockDim.x, functor warp reductions. Reverse: one thread per row with a
// 1-D launch.
#include <cuda_runtime.h>
template <typename T> struct SumOp { __device__ __forceinline__ T operator()(const T &a, const T &b) const { return a + b; } };
template <typename T> struct MaxOp { __device__ __forceinline__ T operator()(const T &a, const T &b) const { return max(a, b); } };
template <template <typename> class ReductionOp, typename T, int thread_group_width = 32>
__inline__ __device__ T WarpAllReduce(T val) {
  for (int mask = thread_group_width / 2; mask > 0; mask /= 2)
    val = ReductionOp<T>()(val, __shfl_xor_sync(0xffffffff, val, mask));
  return val;
}
template <int cols_per_thread>
__global__ void SoftmaxWarpImpl(const float *x, float *y, const int64_t rows, const int64_t cols) {
  const int64_t global_thread_group_id = blockIdx.x * blockDim.y + threadIdx.y;
  const int lane_id = threadIdx.x;
  if (global_thread_group_id >= rows) return;
  float thread_max = -INFINITY;
  for (int64_t col = lane_id; col < cols; col += blockDim.x)
    thread_max = max(thread_max, x[global_thread_group_id * cols + col]);
  const float warp_max = WarpAllReduce<MaxOp, float>(thread_max);
  float thread_sum = 0;
  for (int64_t col = lane_id; col < cols; col += blockDim.x)
    thread_sum += exp(x[global_thread_group_id * cols + col] - warp_max);
  const float warp_sum = WarpAllReduce<SumOp, float>(thread_sum);
  for (int64_t col = lane_id; col < cols; col += blockDim.x)
    y[global_thread_group_id * cols + col] = exp(x[global_thread_group_id * cols + col] - warp_max) / warp_sum;
}
void DispatchSoftmax(cudaStream_t stream, const float *x, float *y, int64_t rows, int64_t cols) {
  constexpr int thread_groups_per_block = 4;
  dim3 block_dim(32, thread_groups_per_block);
  const int64_t num_blocks = (rows + thread_groups_per_block - 1) / thread_groups_per_block;
  SoftmaxWarpImpl<1><<<num_blocks, block_dim, 0, stream>>>(x, y, rows, cols);
}
// CHECK-FIXES:      {{^}}__global__ void SoftmaxWarpImpl(const float *x, float *y, const int64_t rows, const int64_t cols) {
// CHECK-FIXES-NEXT: {{^}}  const int64_t global_thread_group_id = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (global_thread_group_id >= rows) return;
// CHECK-FIXES-NEXT: {{^}}  float thread_max = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}  for (int64_t col = 0; col < cols; ++col)
// CHECK-FIXES-NEXT: {{^}}    thread_max = max(thread_max, x[global_thread_group_id * cols + col]);
// CHECK-FIXES-NEXT: {{^}}  float warp_max = thread_max;
// CHECK-FIXES-NEXT: {{^}}  float thread_sum = 0;
// CHECK-FIXES-NEXT: {{^}}  for (int64_t col = 0; col < cols; ++col)
// CHECK-FIXES-NEXT: {{^}}    thread_sum += exp(x[global_thread_group_id * cols + col] - warp_max);
// CHECK-FIXES-NEXT: {{^}}  float warp_sum = thread_sum;
// CHECK-FIXES-NEXT: {{^}}  for (int64_t col = 0; col < cols; ++col)
// CHECK-FIXES-NEXT: {{^}}    y[global_thread_group_id * cols + col] = exp(x[global_thread_group_id * cols + col] - warp_max) / warp_sum;
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  SoftmaxWarpImpl<1><<<rows / 256 + (rows % 256 != 0), 256, 0, stream>>>(x, y, rows, cols);
