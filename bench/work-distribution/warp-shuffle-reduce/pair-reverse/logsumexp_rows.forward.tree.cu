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
  __shared__ float m_warps[32];
  const unsigned m_rank = threadIdx.x;
  __shared__ float m_tree[256];
  const unsigned m_rank_1 = threadIdx.x;
  __syncthreads();
  m_tree[m_rank_1] = m;
  __syncthreads();
  for (unsigned m_stride = 128; m_stride > 0; m_stride /= 2) {
    if (m_rank_1 < m_stride)
      m_tree[m_rank_1] = max(m_tree[m_rank_1], m_tree[m_rank_1 + m_stride]);
    __syncthreads();
  }
  m = m_tree[0];
  if (m_rank == 0)
    m_warps[0] = m;
  __syncthreads();
  m = m_warps[0];
  float s = 0.0f;
  for (unsigned c = threadIdx.x; c < ncols; c += blockDim.x)
    s += __expf(x[AT(r, c)] - m);
  __shared__ float s_warps[32];
  const unsigned s_rank = threadIdx.x;
  __shared__ float s_tree[256];
  const unsigned s_rank_1 = threadIdx.x;
  __syncthreads();
  s_tree[s_rank_1] = s;
  __syncthreads();
  for (unsigned s_stride = 128; s_stride > 0; s_stride /= 2) {
    if (s_rank_1 < s_stride)
      s_tree[s_rank_1] += s_tree[s_rank_1 + s_stride];
    __syncthreads();
  }
  s = s_tree[0];
  if (s_rank == 0)
    s_warps[0] = s;
  __syncthreads();
  s = s_warps[0];
  if (threadIdx.x == 0) {
    lse[r] = m + __logf(s);
  }
  }
}

void logsumexp_rows_launch(int M, int N, const float *x, float *lse) {
  const int threads = 256;
  if (M > 0 && N > 0)
    logsumexp_rows_kernel<<<(M) < 2147483647 ? (unsigned)(M) : 2147483647u, 256>>>(x, lse, M, N);
}
