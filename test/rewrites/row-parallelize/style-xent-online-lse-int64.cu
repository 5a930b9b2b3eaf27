// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Cross-entropy in one pass over the logits: an online logsumexp (the
// maximum and the rescaled sum move together), int64 labels, the target's
// logit read once per row.
#include <cuda_runtime.h>
#include <cstdint>
#include <math.h>

__global__ void xent_online(const float *logits, const int64_t *targets, float *losses, int64_t B,
                            int64_t V) {
  const int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= B)
    return;
  const float *z = logits + b * V;
  float running_max = -INFINITY;
  float running_sum = 0.f;
  for (int64_t v = 0; v < V; ++v) {
    const float zv = z[v];
    const float new_max = max(running_max, zv);
    running_sum = running_sum * expf(running_max - new_max) + expf(zv - new_max);
    running_max = new_max;
  }
  const int64_t t = targets[b];
  losses[b] = logf(running_sum) + running_max - z[t];
}

void cross_entropy_forward(const float *logits, const int64_t *targets, float *losses, int64_t B, int64_t V,
                           cudaStream_t stream) {
  const int threads = 256;
  xent_online<<<(unsigned)((B + threads - 1) / threads), threads, 0, stream>>>(logits, targets, losses, B, V);
}
// CHECK-FIXES: {{^}}  for (int64_t b = blockIdx.x; b < B; b += gridDim.x) {
// CHECK-FIXES: {{^}}  for (int64_t v = threadIdx.x; v < V; v += blockDim.x) {
// CHECK-FIXES: {{^}}  __shared__ float running_max_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float running_sum_warps[32];
// CHECK-FIXES: {{^}}      running_sum = running_sum * (running_max == running_max_max ? 1 : expf(running_max - running_max_max)) + running_sum_other * (running_max_other == running_max_max ? 1 : expf(running_max_other - running_max_max));
// CHECK-FIXES: {{^}}  running_max = running_max_warps[0];
// CHECK-FIXES-NEXT: {{^}}  running_sum = running_sum_warps[0];
// CHECK-FIXES-NEXT: {{^}}  const int64_t t = targets[b];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}  losses[b] = logf(running_sum) + running_max - z[t];
// CHECK-FIXES: {{^}}  xent_online<<<(B) < 2147483647 ? (unsigned)(B) : 2147483647u, 256, 0, stream>>>(logits, targets, losses, B, V);
