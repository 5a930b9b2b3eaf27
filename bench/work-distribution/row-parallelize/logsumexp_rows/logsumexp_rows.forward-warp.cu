// Log-sum-exp of each row of an M x N float matrix, naive: one thread per
// row (unsigned indices, an index macro) finds the row's maximum from its
// first element, sums the exponentials, and writes one float per row.
#include <cuda_runtime.h>
#define AT(r, c) ((size_t)(r) * ncols + (c))

__global__ void logsumexp_rows_kernel(const float *x, float *lse, unsigned nrows, unsigned ncols) {
  for (unsigned int r = blockIdx.x; r < nrows; r += gridDim.x) {
  float m = x[AT(r, 0)];
  for (unsigned c = 1 + threadIdx.x; c < ncols; c += blockDim.x)
    m = fmaxf(m, x[AT(r, c)]);
  const unsigned m_rank = threadIdx.x;
  const unsigned m_lane = m_rank % 32u;
  for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
    m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
  m = __shfl_sync(0xffffffffu, m, 0);
  float s = 0.0f;
  for (unsigned c = threadIdx.x; c < ncols; c += blockDim.x)
    s += __expf(x[AT(r, c)] - m);
  const unsigned s_rank = threadIdx.x;
  const unsigned s_lane = s_rank % 32u;
  for (unsigned s_offset = 16; s_offset > 0; s_offset /= 2)
    s += __shfl_down_sync(0xffffffffu, s, s_offset);
  s = __shfl_sync(0xffffffffu, s, 0);
  if (threadIdx.x == 0) {
    lse[r] = m + __logf(s);
  }
  }
}

void logsumexp_rows_launch(int M, int N, const float *x, float *lse) {
  const int threads = 256;
  if (M > 0 && N > 0)
    logsumexp_rows_kernel<<<(M) < 2147483647 ? (unsigned)(M) : 2147483647u, 32>>>(x, lse, M, N);
}
