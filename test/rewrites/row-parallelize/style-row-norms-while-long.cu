// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Row norms with a while loop over a row pointer, written out per row only;
// a launcher template with a stream.
#include <cuda_runtime.h>

__global__ void RowNorms(const double *A, double *norms, long nrows, long ncols) {
  long i = threadIdx.x + (long)blockDim.x * blockIdx.x;
  if (i < nrows) {
    const double *a = A + i * ncols;
    double acc = 0.0;
    long j = 0;
    while (j < ncols) {
      acc += a[j] * a[j];
      ++j;
    }
    norms[i] = sqrt(acc);
  }
}

template <int BLOCK>
void row_norms(const double *A, double *norms, long nrows, long ncols, cudaStream_t stream = 0) {
  RowNorms<<<(nrows + BLOCK - 1) / BLOCK, BLOCK, 0, stream>>>(A, norms, nrows, ncols);
}

template void row_norms<128>(const double *, double *, long, long, cudaStream_t);
// CHECK-FIXES: {{^}}  for (long i = blockIdx.x; i < nrows; i += gridDim.x) {
// CHECK-FIXES: {{^}}    long j = threadIdx.x;
// CHECK-FIXES: {{^}}      j += blockDim.x;
// CHECK-FIXES: {{^}}    __shared__ double acc_warps[32];
// CHECK-FIXES: {{^}}    acc = acc_warps[0];
// CHECK-FIXES: {{^}}    if (threadIdx.x == 0) {
// CHECK-FIXES: {{^}}  RowNorms<<<(nrows) < 2147483647 ? (unsigned)(nrows) : 2147483647u, 256, 0, stream>>>(A, norms, nrows, ncols);
