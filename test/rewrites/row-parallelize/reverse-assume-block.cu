// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=block:row_min:128
// No launch in the file, but --assume=block says the kernel runs in
// one-dimensional blocks: it is rewritten alone. Its launches keep their
// grids, which may have fewer threads than rows, so the row becomes a
// grid-stride loop over the global thread index. Unsigned min: exact.
__global__ void row_min(const unsigned *x, unsigned *out, unsigned rows, unsigned cols) {
  __shared__ unsigned part[32];
  for (unsigned r = blockIdx.x; r < rows; r += gridDim.x) {
    unsigned m = 0xffffffffu;
    for (unsigned c = threadIdx.x; c < cols; c += blockDim.x)
      m = min(m, x[r * cols + c]);
    for (int o = 16; o > 0; o >>= 1)
      m = min(m, __shfl_down_sync(0xffffffffu, m, o));
    if (threadIdx.x % 32 == 0)
      part[threadIdx.x / 32] = m;
    __syncthreads();
    if (threadIdx.x < 32) {
      m = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0xffffffffu;
      for (int o = 16; o > 0; o >>= 1)
        m = min(m, __shfl_down_sync(0xffffffffu, m, o));
    }
    if (threadIdx.x == 0)
      out[r] = m;
    __syncthreads();
  }
}
// CHECK-FIXES:      {{^}}__global__ void row_min(const unsigned *x, unsigned *out, unsigned rows, unsigned cols) {
// CHECK-FIXES-NEXT: {{^}}  for (unsigned int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}    unsigned m = 0xffffffffu;
// CHECK-FIXES-NEXT: {{^}}    for (unsigned c = 0; c < cols; ++c)
// CHECK-FIXES-NEXT: {{^}}      m = min(m, x[r * cols + c]);
// CHECK-FIXES-NEXT: {{^}}    out[r] = m;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}
