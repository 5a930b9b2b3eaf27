// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// llm.c's first LayerNorm (one thread per row, guarded by `if`, a row
// pointer, `int` indices): the mean is divided in place after its loop
// (`m = m / C`) and the variance pass reads it; both writes follow the
// reduction, so every thread of the row computes the same value.
#include <cuda_runtime.h>

__global__ void layernorm_rows(float *out, float *mean, float *rstd, const float *inp, const float *weight,
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

void layernorm(float *out, float *mean, float *rstd, const float *inp, const float *weight, const float *bias,
               int N, int C, cudaStream_t stream) {
  layernorm_rows<<<(N + 127) / 128, 128, 0, stream>>>(out, mean, rstd, inp, weight, bias, N, C);
}
// CHECK-FIXES: {{^}}  for (int idx = blockIdx.x; idx < N; idx += gridDim.x) {
// CHECK-FIXES: {{^}}    for (int i = threadIdx.x; i < C; i += blockDim.x) m += x[i];
// CHECK-FIXES: {{^}}    __shared__ float m_warps[32];
// CHECK-FIXES: {{^}}    m = m_warps[0];
// CHECK-FIXES-NEXT: {{^}}    m = m / C;
// CHECK-FIXES: {{^}}    for (int i = threadIdx.x; i < C; i += blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}      float xshift = x[i] - m;
// CHECK-FIXES: {{^}}    v = v_warps[0];
// CHECK-FIXES-NEXT: {{^}}    v = v / C;
// CHECK-FIXES: {{^}}    if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}      mean[idx] = m;
// CHECK-FIXES: {{^}}  layernorm_rows<<<N, 256, 0, stream>>>(out, mean, rstd, inp, weight, bias, N, C);
