// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate --option=width=warp
// Pairs with width=warp: one warp per row, no shared memory; the pairs are
// combined by shuffles alone and both locals broadcast from lane 0 with
// __shfl_sync. An argmin (first of equal minima) and an online softmax in
// double with exp.
#include <cuda_runtime.h>

__global__ void row_argmin(const float *x, long long *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float lo = x[r * cols];
  long long at = 0;
  for (int c = 1; c < cols; ++c) {
    const float v = x[r * cols + c];
    if (v < lo) {
      lo = v;
      at = c;
    }
  }
  idx[r] = at;
}

__global__ void softmax_d(const double *x, double *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  double m = -1.0e308, s = 0.0;
  for (int c = 0; c < cols; ++c) {
    double v = x[r * cols + c];
    if (v > m) {
      s = s * exp(m - v) + 1.0;
      m = v;
    } else {
      s += exp(v - m);
    }
  }
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = exp(x[r * cols + c] - m) / s;
}

void launch(const float *x, long long *idx, const double *xd, double *yd, int rows, int cols) {
  row_argmin<<<(rows + 127) / 128, 128>>>(x, idx, rows, cols);
  softmax_d<<<(rows + 127) / 128, 128>>>(xd, yd, rows, cols);
}
// CHECK-FIXES:      {{^}}__global__ void row_argmin(const float *x, long long *idx, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES-NEXT: {{^}}  float lo = x[r * cols];
// CHECK-FIXES-NEXT: {{^}}  long long at = 0;
// CHECK-FIXES-NEXT: {{^}}  for (int c = 1 + threadIdx.x; c < cols; c += blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}    const float v = x[r * cols + c];
// CHECK-FIXES-NEXT: {{^}}    if (v < lo) {
// CHECK-FIXES-NEXT: {{^}}      lo = v;
// CHECK-FIXES-NEXT: {{^}}      at = c;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  for (unsigned lo_offset = 16; lo_offset > 0; lo_offset /= 2) {
// CHECK-FIXES-NEXT: {{^}}    const float lo_other = __shfl_down_sync(0xffffffffu, lo, lo_offset);
// CHECK-FIXES-NEXT: {{^}}    const long long at_other = __shfl_down_sync(0xffffffffu, at, lo_offset);
// CHECK-FIXES-NEXT: {{^}}    if (lo_other < lo || (lo_other == lo && at_other < at)) {
// CHECK-FIXES-NEXT: {{^}}      lo = lo_other;
// CHECK-FIXES-NEXT: {{^}}      at = at_other;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  lo = __shfl_sync(0xffffffffu, lo, 0);
// CHECK-FIXES-NEXT: {{^}}  at = __shfl_sync(0xffffffffu, at, 0);
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}    idx[r] = at;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}    const double m_max = m < m_other ? m_other : m;
// CHECK-FIXES-NEXT: {{^}}    s = s * (m == m_max ? 1 : exp(m - m_max)) + s_other * (m_other == m_max ? 1 : exp(m_other - m_max));
// CHECK-FIXES-NEXT: {{^}}    m = m_max;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  m = __shfl_sync(0xffffffffu, m, 0);
// CHECK-FIXES-NEXT: {{^}}  s = __shfl_sync(0xffffffffu, s, 0);
// CHECK-FIXES:      {{^}}  row_argmin<<<rows, 32>>>(x, idx, rows, cols);
// CHECK-FIXES-NEXT: {{^}}  softmax_d<<<rows, 32>>>(xd, yd, rows, cols);
