// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Cross-entropy whose online logsumexp starts from the first logit (m =
// z[0], s = 1, the loop from 1), through a row pointer, int64 labels and a
// stream. The start (z[0], 1) sums one element: only the row's thread 0
// keeps it, the others start empty, (z[0], 0).
#include <cuda_runtime.h>
#include <cstdint>

__global__ void xent(const float *logits, const int64_t *labels, float *loss, int B, int V) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= B)
    return;
  const float *z = logits + (size_t)b * V;
  float m = z[0], s = 1.f;
  for (int v = 1; v < V; ++v) {
    float zv = z[v];
    if (zv > m) {
      s = s * expf(m - zv) + 1.f;
      m = zv;
    } else {
      s += expf(zv - m);
    }
  }
  loss[b] = logf(s) + m - z[labels[b]];
}

void launch(const float *logits, const int64_t *labels, float *loss, int B, int V, cudaStream_t st) {
  xent<<<(B + 255) / 256, 256, 0, st>>>(logits, labels, loss, B, V);
}
// CHECK-FIXES:      {{^}}  float m = z[0], s = 1.f;
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x != 0)
// CHECK-FIXES-NEXT: {{^}}    s = 0;
// CHECK-FIXES-NEXT: {{^}}  for (int v = 1 + threadIdx.x; v < V; v += blockDim.x) {
// CHECK-FIXES:      {{^}}  __shared__ float m_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float s_warps[32];
// CHECK-FIXES:      {{^}}  m = m_warps[0];
// CHECK-FIXES-NEXT: {{^}}  s = s_warps[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}  loss[b] = logf(s) + m - z[labels[b]];
// CHECK-FIXES:      {{^}}  xent<<<B, 256, 0, st>>>(logits, labels, loss, B, V);
