// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// Reverse: a block per row becomes a thread per row. Row sums by a shared
// halving tree, the result written by thread 0; a row softmax in a
// grid-stride loop over rows whose max and sum go through warp shuffles
// and a shared stage and are broadcast through a shared slot. The column
// loops start at 0 and step by one, the reductions, broadcasts, barriers
// and the leader's test go, and each launch gets ceil(rows / 256) blocks
// of 256 threads.
#include <cuda_runtime.h>

__global__ void row_sums(const float *x, float *out, int rows, int cols) {
  __shared__ float sdata[256];
  int row = blockIdx.x;
  if (row >= rows)
    return;
  int tid = threadIdx.x;
  float s = 0.0f;
  for (int c = tid; c < cols; c += blockDim.x)
    s += x[row * cols + c];
  sdata[tid] = s;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      sdata[tid] += sdata[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[row] = sdata[0];
}
// CHECK-FIXES:      {{^}}__global__ void row_sums(const float *x, float *out, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  int row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row >= rows)
// CHECK-FIXES-NEXT: {{^}}    return;
// CHECK-FIXES-NEXT: {{^}}  float s = 0.0f;
// CHECK-FIXES-NEXT: {{^}}  for (int c = 0; c < cols; ++c)
// CHECK-FIXES-NEXT: {{^}}    s += x[row * cols + c];
// CHECK-FIXES-NEXT: {{^}}  out[row] = s;
// CHECK-FIXES-NEXT: {{^}}}

__global__ void softmax_rows(const float *x, float *y, int rows, int cols) {
  __shared__ float partial[32];
  __shared__ float row_value;
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    const float *xr = x + (size_t)r * cols;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      m = fmaxf(m, xr[c]);
    for (int o = 16; o > 0; o /= 2)
      m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, o));
    if (lane == 0)
      partial[warp] = m;
    __syncthreads();
    if (warp == 0) {
      m = lane < blockDim.x / 32 ? partial[lane] : -INFINITY;
      for (int o = 16; o > 0; o /= 2)
        m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, o));
    }
    if (threadIdx.x == 0)
      row_value = m;
    __syncthreads();
    m = row_value;
    __syncthreads();
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      s += __expf(xr[c] - m);
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
      partial[warp] = s;
    __syncthreads();
    if (warp == 0) {
      s = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
      for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
    }
    if (threadIdx.x == 0)
      row_value = s;
    __syncthreads();
    s = row_value;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      y[(size_t)r * cols + c] = __expf(xr[c] - m) / s;
    __syncthreads();
  }
}
// CHECK-FIXES:      {{^}}__global__ void softmax_rows(const float *x, float *y, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (r < rows) {
// CHECK-FIXES-NEXT: {{^}}    const float *xr = x + (size_t)r * cols;
// CHECK-FIXES-NEXT: {{^}}    float m = -INFINITY;
// CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < cols; ++c)
// CHECK-FIXES-NEXT: {{^}}      m = fmaxf(m, xr[c]);
// CHECK-FIXES-NEXT: {{^}}    float s = 0.0f;
// CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < cols; ++c)
// CHECK-FIXES-NEXT: {{^}}      s += __expf(xr[c] - m);
// CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < cols; ++c)
// CHECK-FIXES-NEXT: {{^}}      y[(size_t)r * cols + c] = __expf(xr[c] - m) / s;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}

void launch(const float *x, float *sums, float *y, int rows, int cols, cudaStream_t stream) {
  row_sums<<<rows, 256>>>(x, sums, rows, cols);
  softmax_rows<<<rows < 65535 ? rows : 65535, 256, 0, stream>>>(x, y, rows, cols);
// CHECK-FIXES:      {{^}}  row_sums<<<rows / 256 + (rows % 256 != 0), 256>>>(x, sums, rows, cols);
// CHECK-FIXES-NEXT: {{^}}  softmax_rows<<<rows / 256 + (rows % 256 != 0), 256, 0, stream>>>(x, y, rows, cols);
}
