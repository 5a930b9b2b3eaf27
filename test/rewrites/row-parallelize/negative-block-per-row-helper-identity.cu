// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2 -- --assume=reassociate
// llm.c's blockReduce<warpReduceSum> (style-reverse-llmc-blockreduce.cu),
// called with out_of_bounds = 1.0f: the lanes past the warp count add 1 to
// the sum, so the helper is not the row's sum and the block is not only
// column strides and recognised reductions.
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
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'block-per-row' fails: 'blockReduce' reads a thread index or coordinates threads, and is not a reduction recognised here: what it computes depends on the block's threads [KL1808]
  const float *x = inp + idx * C;
  float sum = 0.0f;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    float xi = x[i];
    sum += xi * xi;
  }
  sum = blockReduce<warpReduceSum>(sum, false, 1.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: note: the statement in question [here]
  float rstd = rsqrtf(sum / C + 1e-5f);
  float *o = out + idx * C;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    o[i] = x[i] * rstd * weight[i];
  }
}

void rmsnorm_forward(float *out, const float *inp, const float *weight, int N, int C) {
  rmsnorm_forward_kernel<<<N, 256>>>(out, inp, weight, N, C);
}
