// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// Reverse with a warp per row in blocks of several warps: llm.c's softmax
// shape (the grid's warp index `(blockIdx.x * blockDim.x + threadIdx.x) /
// 32`, lanes striding by 32, xor butterflies), and a kernel template whose
// row is `blockIdx.x * WARPS + warp` with `warpSize` steps, shuffles down
// and lane 0 writing. Each becomes one thread per row.
#include <cuda_runtime.h>

__global__ void softmax_warp_rows(float *out, const float *inp, int N, int C) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (idx >= N)
    return;
  const float *x = inp + idx * C;
  float maxval = -INFINITY;
  for (int i = lane; i < C; i += 32)
    maxval = fmaxf(maxval, x[i]);
  for (int off = 16; off > 0; off /= 2)
    maxval = fmaxf(maxval, __shfl_xor_sync(0xffffffff, maxval, off));
  float sumval = 0.0f;
  for (int i = lane; i < C; i += 32)
    sumval += expf(x[i] - maxval);
  for (int off = 16; off > 0; off /= 2)
    sumval += __shfl_xor_sync(0xffffffff, sumval, off);
  for (int i = lane; i < C; i += 32)
    out[idx * C + i] = expf(x[i] - maxval) / sumval;
}
// CHECK-FIXES:      {{^}}__global__ void softmax_warp_rows(float *out, const float *inp, int N, int C) {
// CHECK-FIXES-NEXT: {{^}}  int idx = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (idx >= N)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  const float *x = inp + idx * C;
// CHECK-FIXES-NEXT: {{^}}  float maxval = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i)
// CHECK-FIXES-NEXT: {{^}}    maxval = fmaxf(maxval, x[i]);
// CHECK-FIXES-NEXT: {{^}}  float sumval = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i)
// CHECK-FIXES-NEXT: {{^}}    sumval += expf(x[i] - maxval);
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < C; ++i)
// CHECK-FIXES-NEXT: {{^}}    out[idx * C + i] = expf(x[i] - maxval) / sumval;
// CHECK-FIXES-NEXT: {{^}}}

template <int WARPS>
__global__ void row_max_warps(const int *x, int *out, int rows, int cols) {
  const int warp = threadIdx.x >> 5;
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * WARPS + warp;
  if (row < rows) {
    int m = x[row * cols];
    for (int c = lane; c < cols; c += warpSize)
      m = max(m, x[row * cols + c]);
    for (int o = 16; o > 0; o >>= 1)
      m = max(m, __shfl_down_sync(0xffffffffu, m, o));
    if (lane == 0)
      out[row] = m;
  }
}
// CHECK-FIXES:      {{^}}__global__ void row_max_warps(const int *x, int *out, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  const int row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row < rows) {
// CHECK-FIXES-NEXT: {{^}}    int m = x[row * cols];
// CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < cols; ++c)
// CHECK-FIXES-NEXT: {{^}}      m = max(m, x[row * cols + c]);
// CHECK-FIXES-NEXT: {{^}}    out[row] = m;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}

void launch(float *out, const float *inp, int N, int C, const int *x, int *mx) {
  softmax_warp_rows<<<(N * 32 + 255) / 256, 256>>>(out, inp, N, C);
  row_max_warps<8><<<(N + 7) / 8, 256>>>(x, mx, N, C);
// CHECK-FIXES:      {{^}}  softmax_warp_rows<<<N / 256 + (N % 256 != 0), 256>>>(out, inp, N, C);
// CHECK-FIXES-NEXT: {{^}}  row_max_warps<8><<<N / 256 + (N % 256 != 0), 256>>>(x, mx, N, C);
}
