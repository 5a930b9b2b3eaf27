// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// Reverse of a pair: a warp per row merges its lanes' online-softmax
// (max, sum) with an xor butterfly through a helper that takes the pair by
// reference (the bundled softmax expert's mergeMaxSum). It becomes a
// shared-memory tree per warp over two arrays whose steps rescale the sums
// with the kernel's own __expf; every lane reads the pair back, as the
// butterfly left it in every lane. The `#pragma unroll` goes with the loop.
#include <cuda_runtime.h>

__device__ __forceinline__ void merge_pair(float &m, float &s, float m2, float s2) {
  const float mx = fmaxf(m, m2);
  const float a = (m == mx) ? 1.0f : __expf(m - mx);
  const float b = (m2 == mx) ? 1.0f : __expf(m2 - mx);
  s = s * a + s2 * b;
  m = mx;
}

__global__ void softmax_warp_rows(const float *in, float *out, int rows, int cols) {
  const int row = blockIdx.x * 4 + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  float m = -INFINITY, s = 0.0f;
  if (row < rows)
    for (int c = lane; c < cols; c += 32) {
      const float v = in[(size_t)row * cols + c];
      const float mn = fmaxf(m, v);
      s = s * __expf(m - mn) + __expf(v - mn);
      m = mn;
    }
#pragma unroll
  for (int off = 16; off > 0; off /= 2) {
    const float m2 = __shfl_xor_sync(0xffffffffu, m, off);
    const float s2 = __shfl_xor_sync(0xffffffffu, s, off);
    merge_pair(m, s, m2, s2);
  }
  if (row < rows)
    for (int c = lane; c < cols; c += 32)
      out[(size_t)row * cols + c] = __expf(in[(size_t)row * cols + c] - m) / s;
}
// CHECK-FIXES:      {{^}}      m = mn;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}  __shared__ float m_tree[128];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float s_tree[128];
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_lane = m_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  m_tree[m_rank] = m;
// CHECK-FIXES-NEXT: {{^}}  s_tree[m_rank] = s;
// CHECK-FIXES-NEXT: {{^}}  __syncwarp();
// CHECK-FIXES-NEXT: {{^}}  for (unsigned m_stride = 16; m_stride > 0; m_stride /= 2) {
// CHECK-FIXES-NEXT: {{^}}    if (m_lane < m_stride) {
// CHECK-FIXES-NEXT: {{^}}      const float m_other = m_tree[m_rank + m_stride];
// CHECK-FIXES-NEXT: {{^}}      const float s_other = s_tree[m_rank + m_stride];
// CHECK-FIXES-NEXT: {{^}}      const float m_max = m < m_other ? m_other : m;
// CHECK-FIXES-NEXT: {{^}}      s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
// CHECK-FIXES-NEXT: {{^}}      m = m_max;
// CHECK-FIXES-NEXT: {{^}}      m_tree[m_rank] = m;
// CHECK-FIXES-NEXT: {{^}}      s_tree[m_rank] = s;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}    __syncwarp();
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  m = m_tree[m_rank - m_lane];
// CHECK-FIXES-NEXT: {{^}}  s = s_tree[m_rank - m_lane];
// CHECK-FIXES-NEXT: {{^}}  if (row < rows)
// CHECK-FIXES-NOT:  __shfl

void softmax(const float *in, float *out, int rows, int cols) {
  softmax_warp_rows<<<(rows + 3) / 4, 128>>>(in, out, rows, cols);
}
