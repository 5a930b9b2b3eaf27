// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// A row norm in double where every thread reads the result: one block per
// row, a sum of squares, then each thread scales its elements by the norm
// read from element 0. Forward: the reduction's result is written back to
// element 0 with a barrier, so every reader still finds it there.
#include <cuda_runtime.h>

__global__ void normalize_rows(const double *in, double *out, int cols) {
  __shared__ double ss[256];
  const double *row = in + (size_t)blockIdx.x * cols;
  double acc = 0.0;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    acc += row[c] * row[c];
  ss[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      ss[threadIdx.x] = ss[threadIdx.x] + ss[threadIdx.x + s];
    __syncthreads();
  }
  double inv = rsqrt(ss[0] + 1e-12);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[(size_t)blockIdx.x * cols + c] = row[c] * inv;
}
// CHECK-FIXES:      {{^}}  double block_sum = acc;
// CHECK-FIXES:      {{^}}  if (block_sum_rank == 0)
// CHECK-FIXES-NEXT: {{^}}    ss[0] = block_sum;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  double inv = rsqrt(ss[0] + 1e-12);

void normalize(const double *in, double *out, int rows, int cols, cudaStream_t stream) {
  normalize_rows<<<rows, 256, 0, stream>>>(in, out, cols);
}
