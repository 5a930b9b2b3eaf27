// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// Reductions whose operator is the kernel's own code, as OneFlow's and
// PyTorch's softmax kernels write them: functor templates (`SumOp<T>()(a,
// b)`, `MaxOp`) inside a `WarpAllReduce<Op, T>` helper (a warp per row,
// several rows per block), and a plain `__device__` combine function with
// a ternary max fold (a block per row). The operator is read from the
// function's body (`return a + b;`, `return max(a, b);`, `a > b ? a : b`).
#include <cuda_runtime.h>

template <typename T> struct SumOp {
  __device__ __forceinline__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <typename T> struct MaxOp {
  __device__ __forceinline__ T operator()(const T &a, const T &b) const { return max(a, b); }
};

template <template <typename> class ReductionOp, typename T, int thread_group_width = 32>
__inline__ __device__ T WarpAllReduce(T val) {
  for (int mask = thread_group_width / 2; mask > 0; mask /= 2)
    val = ReductionOp<T>()(val, __shfl_xor_sync(0xffffffff, val, mask));
  return val;
}

__global__ void SoftmaxWarpImpl(const float *__restrict__ x, float *__restrict__ y, size_t rows, size_t cols) {
  const size_t row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  float thread_max = -INFINITY;
  for (size_t c = lane; c < cols; c += 32) thread_max = max(thread_max, x[row * cols + c]);
  const float row_max = WarpAllReduce<MaxOp, float>(thread_max);
  float thread_sum = 0.f;
  for (size_t c = lane; c < cols; c += 32) thread_sum += expf(x[row * cols + c] - row_max);
  const float row_sum = WarpAllReduce<SumOp, float>(thread_sum);
  for (size_t c = lane; c < cols; c += 32) y[row * cols + c] = expf(x[row * cols + c] - row_max) / row_sum;
}

void DispatchSoftmaxWarp(cudaStream_t stream, const float *x, float *y, size_t rows, size_t cols) {
  const int rows_per_block = 4;
  SoftmaxWarpImpl<<<(rows + rows_per_block - 1) / rows_per_block, 32 * rows_per_block, 0, stream>>>(x, y, rows, cols);
}

__device__ __forceinline__ float fmax2(float a, float b) { return a > b ? a : b; }

__device__ float block_max(float v) {
  __shared__ float part[32];
  for (int o = 16; o; o >>= 1) v = fmax2(v, __shfl_down_sync(0xffffffffu, v, o));
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x + 31) / 32 ? part[threadIdx.x] : -INFINITY;
    for (int o = 16; o; o >>= 1) v = fmax2(v, __shfl_down_sync(0xffffffffu, v, o));
  }
  return v;
}

__global__ void row_absmax(const float *x, float *out, int rows, int cols) {
  int r = blockIdx.x;
  if (r >= rows) return;
  float m = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float a = fabsf(x[r * cols + c]);
    m = a > m ? a : m;
  }
  m = block_max(m);
  if (threadIdx.x == 0) out[r] = m;
}

void row_absmax_launch(const float *x, float *out, int rows, int cols) { row_absmax<<<rows, 128>>>(x, out, rows, cols); }
// CHECK-FIXES:      {{^}}__global__ void SoftmaxWarpImpl(const float *__restrict__ x, float *__restrict__ y, size_t rows, size_t cols) {
// CHECK-FIXES-NEXT: {{^}}  const size_t row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row >= rows) return;
// CHECK-FIXES-NEXT: {{^}}  float thread_max = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}  for (size_t c = 0; c < cols; ++c) thread_max = max(thread_max, x[row * cols + c]);
// CHECK-FIXES-NEXT: {{^}}  float row_max = thread_max;
// CHECK-FIXES-NEXT: {{^}}  float thread_sum = 0.f;
// CHECK-FIXES-NEXT: {{^}}  for (size_t c = 0; c < cols; ++c) thread_sum += expf(x[row * cols + c] - row_max);
// CHECK-FIXES-NEXT: {{^}}  float row_sum = thread_sum;
// CHECK-FIXES-NEXT: {{^}}  for (size_t c = 0; c < cols; ++c) y[row * cols + c] = expf(x[row * cols + c] - row_max) / row_sum;
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  SoftmaxWarpImpl<<<rows / 256 + (rows % 256 != 0), 256, 0, stream>>>(x, y, rows, cols);
// CHECK-FIXES:      {{^}}__global__ void row_absmax(const float *x, float *out, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (r >= rows) return;
// CHECK-FIXES-NEXT: {{^}}  float m = 0.f;
// CHECK-FIXES-NEXT: {{^}}  for (int c = 0; c < cols; ++c) {
// CHECK-FIXES-NEXT: {{^}}    float a = fabsf(x[r * cols + c]);
// CHECK-FIXES-NEXT: {{^}}    m = a > m ? a : m;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  out[r] = m;
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}void row_absmax_launch(const float *x, float *out, int rows, int cols) { row_absmax<<<rows / 256 + (rows % 256 != 0), 256>>>(x, out, rows, cols); }
