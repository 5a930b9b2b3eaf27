// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// Reverse: a hand-written block reduction (shuffles in each warp, lane 0
// stores the warp's sum, warp 0 reduces the partials) becomes a shared-
// memory halving tree over the block's 256 threads; every thread reads the
// result back, so thread 0's statement after it is unchanged. The warp
// sum of a second kernel becomes a tree per warp with __syncwarp().
#include <cuda_runtime.h>

__global__ void block_sum(const float *x, float *out, int n) {
  __shared__ float warp_sums[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = i < n ? x[i] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < 8 ? warp_sums[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_down_sync(0xffffffff, v, offset);
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
// CHECK-FIXES:      {{^}}  float v = i < n ? x[i] : 0.0f;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float v_tree[256];
// CHECK-FIXES-NEXT: {{^}}  const unsigned v_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  v_tree[v_rank] = v;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (unsigned v_stride = 128; v_stride > 0; v_stride /= 2) {
// CHECK-FIXES-NEXT: {{^}}    if (v_rank < v_stride)
// CHECK-FIXES-NEXT: {{^}}      v_tree[v_rank] += v_tree[v_rank + v_stride];
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  v = v_tree[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0)
// CHECK-FIXES-NEXT: {{^}}    out[blockIdx.x] = v;

__global__ void warp_max(const int *x, int *out) {
  int m = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    m = max(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (threadIdx.x % 32 == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = m;
}
// CHECK-FIXES:      {{^}}  int m = x[blockIdx.x * blockDim.x + threadIdx.x];
// CHECK-FIXES-NEXT: {{^}}  __shared__ int m_tree[128];
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const unsigned m_lane = m_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}  m_tree[m_rank] = m;
// CHECK-FIXES-NEXT: {{^}}  __syncwarp();
// CHECK-FIXES-NEXT: {{^}}  for (unsigned m_stride = 16; m_stride > 0; m_stride /= 2) {
// CHECK-FIXES-NEXT: {{^}}    if (m_lane < m_stride)
// CHECK-FIXES-NEXT: {{^}}      m_tree[m_rank] = max(m_tree[m_rank], m_tree[m_rank + m_stride]);
// CHECK-FIXES-NEXT: {{^}}    __syncwarp();
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  m = m_tree[m_rank - m_lane];

void launch(const float *x, float *out, int n, const int *y, int *maxes) {
  block_sum<<<(n + 255) / 256, 256>>>(x, out, n);
  warp_max<<<16, 128>>>(y, maxes);
}
