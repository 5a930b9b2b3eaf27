// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// llm.c's shape (train_gpt2.cu): `blockReduce<warpReduceSum>(sum)`, a
// helper template over a warp-reduction function pointer, called through
// its non-type template argument, whose extra parameters keep their
// defaults at every call (`final_sync = false`: its trailing barrier is off;
// `out_of_bounds = 0.0f`: the identity the lanes past the warp count load).
// Every warp loads the partials by its lane and reduces them with xor
// butterflies, so every thread holds the row's sum: no broadcast is needed.
// Reverse: one thread per row, serial column loops, the call gone.
#include <cuda_runtime.h>
#define WARP_SIZE 32
__device__ inline float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2)
    val += __shfl_xor_sync(0xFFFFFFFF, val, offset);
  return val;
}
using reduction_func_t = float (*)(float);
template <reduction_func_t warp_reduction>
__device__ inline float blockReduce(float val, bool final_sync = false, float out_of_bounds = 0.0f) {
  __shared__ float shared_val[WARP_SIZE];
  const int lane_id = threadIdx.x % WARP_SIZE;
  const int warp_id = threadIdx.x / WARP_SIZE;
  const int num_warps = blockDim.x / WARP_SIZE;
  float warp_val = warp_reduction(val);
  if (lane_id == 0) { shared_val[warp_id] = warp_val; }
  __syncthreads();
  warp_val = (lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds;
  float block_val = warp_reduction(warp_val);
  if (final_sync) {
    __syncthreads();
  }
  return block_val;
}

__global__ void rmsnorm_forward_kernel(float *__restrict__ out, const float *__restrict__ inp,
                                       const float *__restrict__ weight, int N, int C) {
  int idx = blockIdx.x;
  const float *x = inp + idx * C;
  float sum = 0.0f;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    float xi = x[i];
    sum += xi * xi;
  }
  sum = blockReduce<warpReduceSum>(sum);
  float rstd = rsqrtf(sum / C + 1e-5f);
  float *o = out + idx * C;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    o[i] = x[i] * rstd * weight[i];
  }
}

// CHECK-FIXES:      {{^}}  int idx = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (idx >= N)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  const float *x = inp + idx * C;
// CHECK-FIXES-NEXT: {{^}}  float sum = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i) {
// CHECK-FIXES-NEXT: {{^}}    float xi = x[i];
// CHECK-FIXES-NEXT: {{^}}    sum += xi * xi;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  float rstd = rsqrtf(sum / C + 1e-5f);
// CHECK-FIXES-NEXT: {{^}}  float *o = out + idx * C;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i) {

void rmsnorm_forward(float *out, const float *inp, const float *weight, int N, int C) {
  rmsnorm_forward_kernel<<<N, 256>>>(out, inp, weight, N, C);
}
// CHECK-FIXES: {{^}}  rmsnorm_forward_kernel<<<N / 256 + (N % 256 != 0), 256>>>(out, inp, weight, N, C);
