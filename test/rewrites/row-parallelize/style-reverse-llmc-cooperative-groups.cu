// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// llm.c's layernorm_forward_kernel3: cooperative groups. A warp per row --
// `blockIdx.x * warp.meta_group_size() + warp.meta_group_rank()` -- columns
// from `warp.thread_rank()` stepping by `warp.size()`, `cg::reduce(warp,
// sum, cg::plus<float>{})` (every lane holds the sum), the accumulator
// reset between the two reductions (`sum = 0.0f;`, the second partial's
// start), and `warp.thread_rank() == 0 && mean != nullptr`, whose test
// becomes `mean != nullptr`. The launch's block size is a parameter.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void layernorm_forward_kernel3(float *__restrict__ out, float *__restrict__ mean, float *__restrict__ rstd,
                                          const float *__restrict__ inp, const float *__restrict__ weight,
                                          const float *__restrict__ bias, int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N) {
    return;
  }
  const float *x = inp + idx * C;
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    sum += x[i];
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float m = sum / C;
  if (warp.thread_rank() == 0 && mean != nullptr) {
    __stcs(mean + idx, m);
  }
  sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float diff = x[i] - m;
    sum += diff * diff;
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float s = rsqrtf(sum / C + 1e-5f);
  if (warp.thread_rank() == 0 && rstd != nullptr) {
    __stcs(rstd + idx, s);
  }
  float *o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size()) {
    float n = s * (__ldcs(x + c) - m);
    __stcs(o + c, n * weight[c] + bias[c]);
  }
}

void layernorm_forward3(float *out, float *mean, float *rstd, const float *inp, const float *weight, const float *bias,
                        int B, int T, int C, const int block_size) {
  const int N = B * T;
  const int grid_size = (N * 32 + block_size - 1) / block_size;
  layernorm_forward_kernel3<<<grid_size, block_size>>>(out, mean, rstd, inp, weight, bias, N, C);
}
// CHECK-FIXES:      {{^}}__global__ void layernorm_forward_kernel3(float *__restrict__ out, float *__restrict__ mean, float *__restrict__ rstd,
// CHECK-FIXES-NEXT: {{^}}                                          const float *__restrict__ inp, const float *__restrict__ weight,
// CHECK-FIXES-NEXT: {{^}}                                          const float *__restrict__ bias, int N, int C) {
// CHECK-FIXES-NEXT: {{^}}  cg::thread_block block = cg::this_thread_block();
// CHECK-FIXES-NEXT: {{^}}  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
// CHECK-FIXES-NEXT: {{^}}  int idx = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (idx >= N) {
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  const float *x = inp + idx * C;
// CHECK-FIXES-NEXT: {{^}}  float sum = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i) {
// CHECK-FIXES-NEXT: {{^}}    sum += x[i];
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  float m = sum / C;
// CHECK-FIXES-NEXT: {{^}}  if (mean != nullptr) {
// CHECK-FIXES-NEXT: {{^}}    __stcs(mean + idx, m);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  sum = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i) {
// CHECK-FIXES-NEXT: {{^}}    float diff = x[i] - m;
// CHECK-FIXES-NEXT: {{^}}    sum += diff * diff;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  float s = rsqrtf(sum / C + 1e-5f);
// CHECK-FIXES-NEXT: {{^}}  if (rstd != nullptr) {
// CHECK-FIXES-NEXT: {{^}}    __stcs(rstd + idx, s);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  float *o = out + idx * C;
// CHECK-FIXES-NEXT: {{^}}  for (int c = 0; c < C; ++c) {
// CHECK-FIXES-NEXT: {{^}}    float n = s * (__ldcs(x + c) - m);
// CHECK-FIXES-NEXT: {{^}}    __stcs(o + c, n * weight[c] + bias[c]);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  layernorm_forward_kernel3<<<N / 256 + (N % 256 != 0), 256>>>(out, mean, rstd, inp, weight, bias, N, C);
