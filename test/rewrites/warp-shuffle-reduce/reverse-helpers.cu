// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// Reverse of reductions written as helpers, the most common style: a warp
// sum by xor shuffles reduced in place (`acc = warpReduceSum(acc)`), a warp
// max by down shuffles whose result is declared (`float mx =
// warpReduceMax(m)`: mx takes m, then the tree reduces mx), and
// FasterTransformer's templated blockReduceSum (a static shared array,
// warpReduceSum twice). Each call becomes a shared-memory tree; the
// helpers' own bodies are not sites (their calls are), and stay.
#include <cuda_runtime.h>
#define FINAL_MASK 0xffffffff

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_xor_sync(0xffffffff, val, offset);
  return val;
}
// CHECK-FIXES:      {{^}}__inline__ __device__ float warpReduceSum(float val) {
// CHECK-FIXES-NEXT: {{^}}  for (int offset = warpSize / 2; offset > 0; offset /= 2)
// CHECK-FIXES-NEXT: {{^}}    val += __shfl_xor_sync(0xffffffff, val, offset);

__inline__ __device__ float warpReduceMax(float val) {
  for (int offset = 16; offset > 0; offset >>= 1)
    val = fmaxf(val, __shfl_down_sync(0xffffffff, val, offset));
  return val;
}

__global__ void rms_scale(const float *x, float *y, int n) {
  const int row = blockIdx.x * 8 + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  float acc = 0.f;
  for (int c = lane; c < n; c += 32)
    acc += x[row * n + c] * x[row * n + c];
  acc = warpReduceSum(acc);
  float m = 0.f;
  for (int c = lane; c < n; c += 32)
    m = fmaxf(m, fabsf(x[row * n + c]));
  float mx = warpReduceMax(m);
  if (lane == 0)
    y[row] = rsqrtf(acc / n) * mx;
}
// CHECK-FIXES:      {{^}}    acc += x[row * n + c] * x[row * n + c];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float acc_tree[256];
// CHECK-FIXES:      {{^}}  acc = acc_tree[acc_rank - acc_lane];
// CHECK-FIXES:      {{^}}    m = fmaxf(m, fabsf(x[row * n + c]));
// CHECK-FIXES-NEXT: {{^}}  float mx = m;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float mx_tree[256];
// CHECK-FIXES:      {{^}}      mx_tree[mx_rank] = max(mx_tree[mx_rank], mx_tree[mx_rank + mx_stride]);
// CHECK-FIXES:      {{^}}  mx = mx_tree[mx_rank - mx_lane];
// CHECK-FIXES-NEXT: {{^}}  if (lane == 0)

template <typename T>
__inline__ __device__ T warpAllReduceSum(T val) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1)
    val += __shfl_xor_sync(FINAL_MASK, val, mask, 32);
  return val;
}

template <typename T>
__inline__ __device__ T blockReduceSum(T val) {
  static __shared__ T shared[32];
  int lane = threadIdx.x & 0x1f;
  int wid = threadIdx.x >> 5;
  val = warpAllReduceSum<T>(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < (blockDim.x / 32.f)) ? shared[lane] : (T)(0.0f);
  val = warpAllReduceSum<T>(val);
  return val;
}

__global__ void row_mean(const float *x, float *mean, int n) {
  __shared__ float s_mean;
  float local = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    local += x[blockIdx.x * n + i];
  float sum = blockReduceSum<float>(local);
  if (threadIdx.x == 0)
    s_mean = sum / n;
  __syncthreads();
  mean[blockIdx.x] = s_mean;
}
// CHECK-FIXES:      {{^}}  float sum = local;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float sum_tree[128];
// CHECK-FIXES-NEXT: {{^}}  const unsigned sum_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  sum_tree[sum_rank] = sum;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (unsigned sum_stride = 64; sum_stride > 0; sum_stride /= 2) {
// CHECK-FIXES:      {{^}}  sum = sum_tree[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0)

void launch(const float *x, float *y, float *mean, int rows, int n) {
  rms_scale<<<rows / 8, 256>>>(x, y, n);
  row_mean<<<rows, 128>>>(x, mean, n);
}
