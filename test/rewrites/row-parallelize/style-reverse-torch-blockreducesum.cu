// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// PyTorch's shape (aten/src/ATen/native/cuda/block_reduce.cuh): a
// BlockReduceSum(val, shared) helper that takes the kernel's __shared__
// scratch array as a pointer parameter (a leading barrier, lane 0 stores,
// warp 0 reduces under `if (wid == 0)`), int64_t rows and columns, a kernel
// template. The parameter stands for the array every call passes, so the
// helper is a block reduction; reverse drops the call and the scratch array.
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
__global__ void RmsNormKernel(int64_t M, int64_t N, T eps, const T *X, const T *gamma, T *Y) {
  __shared__ T rms_shared[C10_WARP_SIZE];
  __shared__ T s_rstd;
  const int64_t i = blockIdx.x;
  if (i >= M)
    return;
  T sum = 0;
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
    const T x = X[i * N + j];
    sum += x * x;
  }
  sum = BlockReduceSum<T>(sum, rms_shared);
  if (threadIdx.x == 0)
    s_rstd = rsqrtf(sum / static_cast<T>(N) + eps);
  __syncthreads();
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x)
    Y[i * N + j] = X[i * N + j] * s_rstd * gamma[j];
}

// CHECK-FIXES:      {{^}}__global__ void RmsNormKernel(int64_t M, int64_t N, T eps, const T *X, const T *gamma, T *Y) {
// CHECK-FIXES-NEXT: {{^}}  T s_rstd;
// CHECK-FIXES-NEXT: {{^}}  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i >= M)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  T sum = 0;
// CHECK-FIXES-NEXT: {{^}}  for (int64_t j = 0; j < N; ++j) {
// CHECK-FIXES-NEXT: {{^}}    const T x = X[i * N + j];
// CHECK-FIXES-NEXT: {{^}}    sum += x * x;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  s_rstd = rsqrtf(sum / static_cast<T>(N) + eps);
// CHECK-FIXES-NEXT: {{^}}  for (int64_t j = 0; j < N; ++j)
// CHECK-FIXES-NEXT: {{^}}    Y[i * N + j] = X[i * N + j] * s_rstd * gamma[j];
// CHECK-FIXES-NEXT: {{^}}}

void rms_norm(int64_t M, int64_t N, float eps, const float *X, const float *gamma, float *Y) {
  RmsNormKernel<float><<<M, 256>>>(M, N, eps, X, gamma, Y);
}
// CHECK-FIXES: {{^}}  RmsNormKernel<float><<<M / 256 + (M % 256 != 0), 256>>>(M, N, eps, X, gamma, Y);
