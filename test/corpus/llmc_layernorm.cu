// llm.c layernorm_forward_kernel3: one warp per row through cooperative
// groups, cg::reduce, __stcs for mean/rstd, streaming loads with __ldcs.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include "llmc_common.cuh"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <assert.h>
namespace cg = cooperative_groups;

__global__ void layernorm_forward_kernel3(float *__restrict__ out, float *__restrict__ mean, float *__restrict__ rstd,
                                          const float *__restrict__ inp, const float *__restrict__ weight,
                                          const float *__restrict__ bias, int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N) return;
  const float *x = inp + idx * C;
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) sum += x[i];
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float m = sum / C;
  if (warp.thread_rank() == 0 && mean != nullptr) __stcs(mean + idx, m);
  sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float diff = x[i] - m;
    sum += diff * diff;
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float s = rsqrtf(sum / C + 1e-5f);
  if (warp.thread_rank() == 0 && rstd != nullptr) __stcs(rstd + idx, s);
  float *o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size()) {
    float n = s * (__ldcs(x + c) - m);
    __stcs(o + c, n * weight[c] + bias[c]);
  }
}

// The first, naive version: one thread per row.
__global__ void layernorm_forward_kernel1(float *out, float *mean, float *rstd, const float *inp, const float *weight,
                                          const float *bias, int N, int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  float eps = 1e-5f;
  if (idx < N) {
    const float *x = inp + idx * C;
    float m = 0.0f;
    for (int i = 0; i < C; i++) m += x[i];
    m = m / C;
    float v = 0.0f;
    for (int i = 0; i < C; i++) {
      float xshift = x[i] - m;
      v += xshift * xshift;
    }
    v = v / C;
    float s = 1.0f / sqrtf(v + eps);
    float *out_idx = out + idx * C;
    for (int i = 0; i < C; i++) {
      float n = (s * (x[i] - m));
      out_idx[i] = n * weight[i] + bias[i];
    }
    mean[idx] = m;
    rstd[idx] = s;
  }
}

void layernorm_forward(float *out, float *mean, float *rstd, float *inp, const float *weight, const float *bias, int B,
                       int T, int C) {
  const int block_size = 512;
  assert(block_size % 32 == 0);
  const int N = B * T;
  const int grid_size = ceil_div(N * 32, block_size);
  layernorm_forward_kernel3<<<grid_size, block_size>>>(out, mean, rstd, inp, weight, bias, N, C);
  layernorm_forward_kernel1<<<ceil_div(N, 256), 256>>>(out, mean, rstd, inp, weight, bias, N, C);
  cudaCheck(cudaGetLastError());
}
