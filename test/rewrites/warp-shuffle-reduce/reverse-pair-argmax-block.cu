// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse
// Reverse of a block's argmax pair: xor shuffles of (value, index) in each
// warp, lane 0's pair stored per warp, then every thread merges the warps'
// pairs in order. It becomes one shared-memory tree over the block's 256
// threads, two arrays, each step the kernel's combine with its ties rule
// (the smaller index wins). No --assume: an argmax is the same in any
// grouping. The array of partials stays (unused; nvcc drops it).
#include <cuda_runtime.h>

__global__ void block_argmax(const float *x, float *best_val, int *best_idx, int n) {
  __shared__ float warp_val[8];
  __shared__ int warp_idx[8];
  const int i = blockIdx.x * 256 + threadIdx.x;
  float v = i < n ? x[i] : -INFINITY;
  int idx = i;
  for (int o = 16; o > 0; o /= 2) {
    const float ov = __shfl_xor_sync(0xffffffffu, v, o);
    const int oi = __shfl_xor_sync(0xffffffffu, idx, o);
    if (ov > v || (ov == v && oi < idx)) {
      v = ov;
      idx = oi;
    }
  }
  if (threadIdx.x % 32 == 0) {
    warp_val[threadIdx.x / 32] = v;
    warp_idx[threadIdx.x / 32] = idx;
  }
  __syncthreads();
  v = warp_val[0];
  idx = warp_idx[0];
  for (int w = 1; w < 8; ++w)
    if (warp_val[w] > v || (warp_val[w] == v && warp_idx[w] < idx)) {
      v = warp_val[w];
      idx = warp_idx[w];
    }
  if (threadIdx.x == 0) {
    best_val[blockIdx.x] = v;
    best_idx[blockIdx.x] = idx;
  }
}
// CHECK-FIXES:      {{^}}  int idx = i;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float v_tree[256];
// CHECK-FIXES-NEXT: {{^}}  __shared__ int idx_tree[256];
// CHECK-FIXES-NEXT: {{^}}  const unsigned v_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  v_tree[v_rank] = v;
// CHECK-FIXES-NEXT: {{^}}  idx_tree[v_rank] = idx;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (unsigned v_stride = 128; v_stride > 0; v_stride /= 2) {
// CHECK-FIXES-NEXT: {{^}}    if (v_rank < v_stride) {
// CHECK-FIXES-NEXT: {{^}}      const float v_other = v_tree[v_rank + v_stride];
// CHECK-FIXES-NEXT: {{^}}      const int idx_other = idx_tree[v_rank + v_stride];
// CHECK-FIXES-NEXT: {{^}}      if (v_other > v || (v_other == v && idx_other < idx)) {
// CHECK-FIXES-NEXT: {{^}}        v = v_other;
// CHECK-FIXES-NEXT: {{^}}        idx = idx_other;
// CHECK-FIXES-NEXT: {{^}}      }
// CHECK-FIXES-NEXT: {{^}}      v_tree[v_rank] = v;
// CHECK-FIXES-NEXT: {{^}}      idx_tree[v_rank] = idx;
// CHECK-FIXES-NEXT: {{^}}    }
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  v = v_tree[0];
// CHECK-FIXES-NEXT: {{^}}  idx = idx_tree[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {

void argmax(const float *x, float *val, int *idx, int n) {
  block_argmax<<<(n + 255) / 256, 256>>>(x, val, idx, n);
}
