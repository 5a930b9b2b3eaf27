// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// The FasterTransformer / apex shape: warpReduceSum and blockReduceSum
// helpers (xor butterflies, a static shared stage), a kernel template over
// the element type, the row's statistic computed by thread 0 into a
// __shared__ scalar and read by every thread after a barrier. Reverse: the
// helper call and the barrier go, the shared scalar becomes the thread's
// own, and thread 0's test is unwrapped.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

template <typename T>
__inline__ __device__ T warpReduceSum(T val) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1)
    val += __shfl_xor_sync(0xffffffff, val, mask, 32);
  return val;
}

template <typename T>
__inline__ __device__ T blockReduceSum(T val) {
  static __shared__ T shared[32];
  int lane = threadIdx.x & 0x1f;
  int wid = threadIdx.x >> 5;
  val = warpReduceSum<T>(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < (blockDim.x / 32.f)) ? shared[lane] : (T)0.0f;
  val = warpReduceSum<T>(val);
  return val;
}

template <typename T>
__global__ void rmsnorm_kernel(T *__restrict__ output, const T *__restrict__ input, const T *__restrict__ gamma,
                               const float eps, const int m, const int n) {
  __shared__ float s_variance;
  const int row = blockIdx.x;
  if (row >= m)
    return;
  float local_var_sum = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float diff = (float)(input[row * n + i]);
    local_var_sum += diff * diff;
  }
  local_var_sum = blockReduceSum<float>(local_var_sum);
  if (threadIdx.x == 0)
    s_variance = rsqrtf(local_var_sum / (float)n + eps);
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    output[row * n + i] = (T)(((float)input[row * n + i]) * s_variance * (float)gamma[i]);
}
// CHECK-FIXES:      {{^}}__global__ void rmsnorm_kernel(T *__restrict__ output, const T *__restrict__ input, const T *__restrict__ gamma,
// CHECK-FIXES-NEXT: {{^}}                               const float eps, const int m, const int n) {
// CHECK-FIXES-NEXT: {{^}}  float s_variance;
// CHECK-FIXES-NEXT: {{^}}  const int row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row >= m)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  float local_var_sum = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < n; ++i) {
// CHECK-FIXES-NEXT: {{^}}    float diff = (float)(input[row * n + i]);
// CHECK-FIXES-NEXT: {{^}}    local_var_sum += diff * diff;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  s_variance = rsqrtf(local_var_sum / (float)n + eps);
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < n; ++i)
// CHECK-FIXES-NEXT: {{^}}    output[row * n + i] = (T)(((float)input[row * n + i]) * s_variance * (float)gamma[i]);
// CHECK-FIXES-NEXT: {{^}}}

template <typename T>
void invokeRmsNorm(T *out, const T *input, const T *gamma, float eps, int m, int n, cudaStream_t stream) {
  dim3 grid(m);
  dim3 block(n < 1024 ? 256 : 1024);
  rmsnorm_kernel<T><<<grid, block, 0, stream>>>(out, input, gamma, eps, m, n);
// CHECK-FIXES:      {{^}}  rmsnorm_kernel<T><<<m / 256 + (m % 256 != 0), 256, 0, stream>>>(out, input, gamma, eps, m, n);
}

template void invokeRmsNorm<float>(float *, const float *, const float *, float, int, int, cudaStream_t);
template void invokeRmsNorm<half>(half *, const half *, const half *, float, int, int, cudaStream_t);
