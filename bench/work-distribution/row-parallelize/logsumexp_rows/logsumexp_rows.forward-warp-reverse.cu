// Log-sum-exp of each row of an M x N float matrix, naive: one thread per
// row (unsigned indices, an index macro) finds the row's maximum from its
// first element, sums the exponentials, and writes one float per row.
#include <cuda_runtime.h>
#define AT(r, c) ((size_t)(r) * ncols + (c))

__global__ void logsumexp_rows_kernel(const float *x, float *lse, unsigned nrows, unsigned ncols) {
  unsigned int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < nrows) {
  float m = x[AT(r, 0)];
  for (unsigned c = 1; c < ncols; ++c)
    m = fmaxf(m, x[AT(r, c)]);
  float s = 0.0f;
  for (unsigned c = 0; c < ncols; ++c)
    s += __expf(x[AT(r, c)] - m);
  lse[r] = m + __logf(s);
  }
}

void logsumexp_rows_launch(int M, int N, const float *x, float *lse) {
  const int threads = 256;
  if (M > 0 && N > 0)
    logsumexp_rows_kernel<<<M / 256 + (M % 256 != 0), 256>>>(x, lse, M, N);
}
