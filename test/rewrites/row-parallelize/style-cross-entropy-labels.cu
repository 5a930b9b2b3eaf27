// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Cross-entropy per sample with int64 labels: logsumexp minus the target's logit.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void xent_fwd(const float *logits, const int64_t *labels, float *loss, int N, int C) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < N) {
    const float *z = &logits[(size_t)n * C];
    float zmax = z[0];
    for (int c = 1; c < C; ++c)
      zmax = fmaxf(zmax, z[c]);
    float sumexp = 0.f;
    for (int c = 0; c < C; ++c)
      sumexp += expf(z[c] - zmax);
    loss[n] = logf(sumexp) + zmax - z[labels[n]];
  }
}

void cross_entropy(const float *logits, const int64_t *labels, float *loss, int N, int C, cudaStream_t stream) {
  xent_fwd<<<(N + 63) / 64, 64, 0, stream>>>(logits, labels, loss, N, C);
}
// CHECK-FIXES: {{^}}  for (int n = blockIdx.x; n < N; n += gridDim.x) {
// CHECK-FIXES: {{^}}    for (int c = 1 + threadIdx.x; c < C; c += blockDim.x)
// CHECK-FIXES: {{^}}    __shared__ float zmax_warps[32];
// CHECK-FIXES: {{^}}    zmax = zmax_warps[0];
// CHECK-FIXES: {{^}}    for (int c = threadIdx.x; c < C; c += blockDim.x)
// CHECK-FIXES: {{^}}    __shared__ float sumexp_warps[32];
// CHECK-FIXES: {{^}}    sumexp = sumexp_warps[0];
// CHECK-FIXES: {{^}}    if (threadIdx.x == 0) {
// CHECK-FIXES: {{^}}  xent_fwd<<<N, 256, 0, stream>>>(logits, labels, loss, N, C);
