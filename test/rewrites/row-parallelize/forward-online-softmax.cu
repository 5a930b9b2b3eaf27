// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Online softmax, one thread per row: one pass keeps the running maximum m
// and the sum s of exp(x - m), rescaled whenever m grows; a second pass
// writes the probabilities. Forward: one block per row; the (m, s) pairs
// are combined across the block (M = max, s1 * exp(m1 - M) + s2 * exp(m2 -
// M), the side holding M scaled by 1 so that empty sides give no NaN) with
// the kernel's own __expf, and broadcast.
#include <cuda_runtime.h>

__global__ void online_softmax(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = -INFINITY;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    float mn = fmaxf(m, v);
    s = s * __expf(m - mn) + __expf(v - mn);
    m = mn;
  }
  float inv = 1.0f / s;
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = __expf(x[r * cols + c] - m) * inv;
}

void online_softmax_launch(const float *x, float *y, int rows, int cols) {
  online_softmax<<<(rows + 127) / 128, 128>>>(x, y, rows, cols);
}

// The branching form: the sum is rescaled only when the maximum moves.
__global__ void online_lse(const float *x, float *lse, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = -INFINITY, s = 0.f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > m) {
      s = s * expf(m - v) + 1.f;
      m = v;
    } else {
      s += expf(v - m);
    }
  }
  lse[r] = m + logf(s);
}

void online_lse_launch(const float *x, float *lse, int rows, int cols) {
  online_lse<<<(rows + 127) / 128, 128>>>(x, lse, rows, cols);
}
// CHECK-FIXES:      {{^}}__global__ void online_softmax(const float *x, float *y, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES-NEXT: {{^}}  float m = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}  float s = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}    float v = x[r * cols + c];
// CHECK-FIXES-NEXT: {{^}}    float mn = fmaxf(m, v);
// CHECK-FIXES-NEXT: {{^}}    s = s * __expf(m - mn) + __expf(v - mn);
// CHECK-FIXES-NEXT: {{^}}    m = mn;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __shared__ float m_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float s_warps[32];
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_lane = m_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_threads = blockDim.x;
// CHECK-FIXES-NEXT: {{^}}  for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2) {
// CHECK-FIXES-NEXT: {{^}}    const float m_other = __shfl_down_sync(0xffffffffu, m, m_offset);
// CHECK-FIXES-NEXT: {{^}}    const float s_other = __shfl_down_sync(0xffffffffu, s, m_offset);
// CHECK-FIXES-NEXT: {{^}}    const float m_max = m < m_other ? m_other : m;
// CHECK-FIXES-NEXT: {{^}}    s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
// CHECK-FIXES-NEXT: {{^}}    m = m_max;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (m_lane == 0) {
// CHECK-FIXES-NEXT: {{^}}    m_warps[m_rank / 32u] = m;
// CHECK-FIXES-NEXT: {{^}}    s_warps[m_rank / 32u] = s;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (m_rank < 32u) {
// CHECK-FIXES-NEXT: {{^}}    const unsigned m_count = (m_threads + 31u) / 32u;
// CHECK-FIXES-NEXT: {{^}}    if (m_rank < m_count) {
// CHECK-FIXES-NEXT: {{^}}      m = m_warps[m_rank];
// CHECK-FIXES-NEXT: {{^}}      s = s_warps[m_rank];
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2) {
// CHECK-FIXES-NEXT: {{^}}      const float m_other = __shfl_down_sync(0xffffffffu, m, m_offset);
// CHECK-FIXES-NEXT: {{^}}      const float s_other = __shfl_down_sync(0xffffffffu, s, m_offset);
// CHECK-FIXES-NEXT: {{^}}      if (m_lane + m_offset < m_count) {
// CHECK-FIXES-NEXT: {{^}}        const float m_max = m < m_other ? m_other : m;
// CHECK-FIXES-NEXT: {{^}}        s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
// CHECK-FIXES-NEXT: {{^}}        m = m_max;
// CHECK-FIXES-NEXT: {{^}}      }
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (m_rank == 0) {
// CHECK-FIXES-NEXT: {{^}}    m_warps[0] = m;
// CHECK-FIXES-NEXT: {{^}}    s_warps[0] = s;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  m = m_warps[0];
// CHECK-FIXES-NEXT: {{^}}  s = s_warps[0];
// CHECK-FIXES-NEXT: {{^}}  float inv = 1.0f / s;
// CHECK-FIXES-NEXT: {{^}}  for (int c = threadIdx.x; c < cols; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    y[r * cols + c] = __expf(x[r * cols + c] - m) * inv;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
// CHECK-FIXES:      {{^}}  online_softmax<<<rows, 256>>>(x, y, rows, cols);
// CHECK-FIXES:      {{^}}__global__ void online_lse(const float *x, float *lse, int rows, int cols) {
// CHECK-FIXES:      {{^}}  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
// CHECK-FIXES:      {{^}}  __shared__ float m_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float s_warps[32];
// CHECK-FIXES:      {{^}}      const float m_max = m < m_other ? m_other : m;
// CHECK-FIXES-NEXT: {{^}}      s = s * (m == m_max ? 1 : expf(m - m_max)) + s_other * (m_other == m_max ? 1 : expf(m_other - m_max));
// CHECK-FIXES:      {{^}}  m = m_warps[0];
// CHECK-FIXES-NEXT: {{^}}  s = s_warps[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}    lse[r] = m + logf(s);
// CHECK-FIXES:      {{^}}  online_lse<<<rows, 256>>>(x, lse, rows, cols);
