// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate --option=width=warp
// width=warp: one warp per row (launches get 32-thread blocks); the sums
// and maxima are reduced by shuffles alone and broadcast from lane 0, and
// barriers between passes are __syncwarp.
__global__ void softmax_rows(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c)
      m = fmaxf(m, x[r * cols + c]);
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) {
      float e = __expf(x[r * cols + c] - m);
      y[r * cols + c] = e;
      s += e;
    }
    for (int c = 0; c < cols; ++c)
      y[r * cols + c] /= s;
  }
}

void softmax_launch(const float *x, float *y, int rows, int cols, cudaStream_t stream) {
  softmax_rows<<<(rows + 255) / 256, 256, 0, stream>>>(x, y, rows, cols);
}
// CHECK-FIXES:      {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES:      {{^}}    for (int c = threadIdx.x; c < cols; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}      m = fmaxf(m, x[r * cols + c]);
// CHECK-FIXES-NEXT: {{^}}    const unsigned m_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}    const unsigned m_lane = m_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
// CHECK-FIXES-NEXT: {{^}}      m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
// CHECK-FIXES-NEXT: {{^}}    m = __shfl_sync(0xffffffffu, m, 0);
// CHECK-FIXES:      {{^}}      s += __shfl_down_sync(0xffffffffu, s, s_offset);
// CHECK-FIXES-NEXT: {{^}}    s = __shfl_sync(0xffffffffu, s, 0);
// CHECK-FIXES-NEXT: {{^}}    __syncwarp();
// CHECK-FIXES-NEXT: {{^}}    for (int c = threadIdx.x; c < cols; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}      y[r * cols + c] /= s;
// CHECK-FIXES:      {{^}}  softmax_rows<<<rows, 32, 0, stream>>>(x, y, rows, cols);
