// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2 -- --assume=reassociate
// The BlockReduceSum(val, shared) helper of style-reverse-torch-blockreducesum.cu,
// but one call passes a global buffer as its scratch: the parameter no
// longer stands for a __shared__ array, so the helper is not a recognised
// reduction and the block's threads are not only column strides.
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
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'block-per-row' fails: the row keeps 'rms_shared' in shared memory beyond its reductions: its threads share more than the reductions [KL1808]
  if (i >= M)
    return;
  T sum = 0;
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x) {
    const T x = X[i * N + j];
    sum += x * x;
  }
  sum = BlockReduceSum<T>(sum, rms_shared);
  T other = BlockReduceSum<T>(sum, Y);
  if (threadIdx.x == 0)
    Y[i] = other;
  if (threadIdx.x == 0)
    s_rstd = rsqrtf(sum / static_cast<T>(N) + eps);
  __syncthreads();
  for (int64_t j = threadIdx.x; j < N; j += blockDim.x)
    Y[i * N + j] = X[i * N + j] * s_rstd * gamma[j];
}

void rms_norm(int64_t M, int64_t N, float eps, const float *X, const float *gamma, float *Y) {
  RmsNormKernel<float><<<M, 256>>>(M, N, eps, X, gamma, Y);
}
