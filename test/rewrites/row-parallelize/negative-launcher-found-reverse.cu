// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// No launch of the kernel in this file: the grid cannot be made to cover
// one thread per row. With --assume=block (reverse-assume-block.cu) the
// kernel is rewritten alone, with a grid-stride loop over rows.
__global__ void row_min(const unsigned *x, unsigned *out, unsigned rows, unsigned cols) {
  __shared__ unsigned part[32];
  for (unsigned r = blockIdx.x; r < rows; r += gridDim.x) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'launcher-found' is unknown: no launch of the kernel is in this file: the launch cannot be given one thread per row; assert it with --assume=block:row_min:256 if it is true [KL1807]
    unsigned m = 0xffffffffu;
    for (unsigned c = threadIdx.x; c < cols; c += blockDim.x)
      m = min(m, x[r * cols + c]);
    for (int o = 16; o > 0; o >>= 1)
      m = min(m, __shfl_down_sync(0xffffffffu, m, o));
    if (threadIdx.x % 32 == 0)
      part[threadIdx.x / 32] = m;
    __syncthreads();
    if (threadIdx.x < 32) {
      m = threadIdx.x < (blockDim.x + 31) / 32 ? part[threadIdx.x] : 0xffffffffu;
      for (int o = 16; o > 0; o >>= 1)
        m = min(m, __shfl_down_sync(0xffffffffu, m, o));
    }
    if (threadIdx.x == 0)
      out[r] = m;
    __syncthreads();
  }
}
