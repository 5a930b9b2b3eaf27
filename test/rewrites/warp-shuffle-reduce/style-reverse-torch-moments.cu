// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2 -- --assume=reassociate
// PyTorch's RowwiseMomentsKernel (aten/src/ATen/native/cuda/group_norm_kernel.cu)
// with BlockReduceSum(val, shared): the helper takes the kernel's __shared__
// scratch as a pointer parameter, which stands for the array every call
// passes. Each call in the kernel is a block reduction and becomes a
// shared-memory tree whose element type is the template's `T` (right for
// every instance). Inside the helper, its warp stage is refused: the
// threads of warps past the first read partials after it.
#include <cuda_runtime.h>
#define C10_WARP_SIZE 32
template <typename T>
__inline__ __device__ T WarpReduceSum(T val) {
#pragma unroll
  for (int offset = (C10_WARP_SIZE >> 1); offset > 0; offset >>= 1) {
    val += __shfl_down_sync(0xffffffff, val, offset, C10_WARP_SIZE);
  }
  return val;
}
template <typename T>
__inline__ __device__ T BlockReduceSum(T val, T *shared) {
  const int tid = threadIdx.x;
  const int lid = tid % C10_WARP_SIZE;
  const int wid = tid / C10_WARP_SIZE;
  val = WarpReduceSum(val);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'result-read-by-holders' fails: {{.*}} [KL1906]
  __syncthreads();
  if (lid == 0) {
    shared[wid] = val;
  }
  __syncthreads();
  val = (tid < blockDim.x / C10_WARP_SIZE) ? shared[lid] : T(0);
  if (wid == 0) {
    val = WarpReduceSum(val);
  }
  return val;
}

template <typename T>
__global__ void RowwiseMomentsKernel(int64_t N, T eps, const T *X, T *mean, T *rstd) {
  __shared__ T m_shared[C10_WARP_SIZE];
  __shared__ T v_shared[C10_WARP_SIZE];
  const int64_t i = blockIdx.x;
  T sum1 = 0;
  T sum2 = 0;
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
    const int64_t index = i * N + j;
    sum1 += X[index];
    sum2 += X[index] * X[index];
  }
  sum1 = BlockReduceSum<T>(sum1, m_shared);
  sum2 = BlockReduceSum<T>(sum2, v_shared);
// CHECK-FIXES:      {{^}}  __shared__ T sum1_tree[512];
// CHECK-FIXES-NEXT: {{^}}  const unsigned sum1_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  sum1_tree[sum1_rank] = sum1;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (unsigned sum1_stride = 256; sum1_stride > 0; sum1_stride /= 2) {
// CHECK-FIXES-NEXT: {{^}}    if (sum1_rank < sum1_stride)
// CHECK-FIXES-NEXT: {{^}}      sum1_tree[sum1_rank] += sum1_tree[sum1_rank + sum1_stride];
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  sum1 = sum1_tree[0];
// CHECK-FIXES-NEXT: {{^}}  __shared__ T sum2_tree[512];
  if (threadIdx.x == 0) {
    const T scale = T(1) / static_cast<T>(N);
    sum1 *= scale;
    sum2 = fmaxf(sum2 * scale - sum1 * sum1, T(0));
    mean[i] = sum1;
    rstd[i] = rsqrtf(sum2 + eps);
  }
}

void moments(int64_t M, int64_t N, float eps, const float *X, float *mean, float *rstd) {
  RowwiseMomentsKernel<float><<<M, 512>>>(N, eps, X, mean, rstd);
}
void moments(int64_t M, int64_t N, double eps, const double *X, double *mean, double *rstd) {
  RowwiseMomentsKernel<double><<<M, 512>>>(N, eps, X, mean, rstd);
}
