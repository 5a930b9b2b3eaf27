// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=block:row_max:128
// No launch in this file (negative-launcher-found.cu), but --assume=block
// says every launch is one-dimensional with 128 threads: the kernel strides
// over rows and columns for any grid of such blocks, so it is rewritten
// alone (128 threads: full warps, no lane guards).
__global__ void row_max(const int *x, int *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  int m = x[r * cols];
  for (int c = 1; c < cols; ++c)
    m = max(m, x[r * cols + c]);
  out[r] = m;
}
// CHECK-FIXES:      {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES-NEXT: {{^}}  int m = x[r * cols];
// CHECK-FIXES-NEXT: {{^}}  for (int c = 1 + threadIdx.x; c < cols; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    m = max(m, x[r * cols + c]);
// CHECK-FIXES-NEXT: {{^}}  __shared__ int m_warps[32];
// CHECK-FIXES:      {{^}}    m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
// CHECK-FIXES:      {{^}}  m = m_warps[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}    out[r] = m;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
