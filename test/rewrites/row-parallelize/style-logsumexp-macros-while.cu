// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Logsumexp per row through macros (in the index and in the launch), while
// loops, and an output per row.
#include <cuda_runtime.h>
#define IDX(r, c, ld) ((r) * (ld) + (c))
#define THREADS 128

__global__ void row_lse(const float *x, float *lse, int n, int d) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= n)
    return;
  float m = x[IDX(i, 0, d)];
  int j = 1;
  while (j < d) {
    m = max(m, x[IDX(i, j, d)]);
    j++;
  }
  float s = 0;
  int k = 0;
  while (k < d) {
    s += expf(x[IDX(i, k, d)] - m);
    k += 1;
  }
  lse[i] = m + logf(s);
}

void lse_launch(const float *x, float *lse, int n, int d) {
  row_lse<<<(n + THREADS - 1) / THREADS, THREADS>>>(x, lse, n, d);
}
// CHECK-FIXES: {{^}}  for (int i = blockIdx.x; i < n; i += gridDim.x) {
// CHECK-FIXES: {{^}}  int j = 1 + threadIdx.x;
// CHECK-FIXES: {{^}}    j += blockDim.x;
// CHECK-FIXES: {{^}}  __shared__ float m_warps[32];
// CHECK-FIXES: {{^}}  m = m_warps[0];
// CHECK-FIXES: {{^}}  int k = threadIdx.x;
// CHECK-FIXES: {{^}}    k += blockDim.x;
// CHECK-FIXES: {{^}}  __shared__ float s_warps[32];
// CHECK-FIXES: {{^}}  s = s_warps[0];
// CHECK-FIXES: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES: {{^}}  row_lse<<<n, 256>>>(x, lse, n, d);
