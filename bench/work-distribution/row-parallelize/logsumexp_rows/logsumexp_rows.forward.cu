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
  const unsigned m_lane = m_rank % 32u;
  const unsigned m_threads = blockDim.x;
  for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
    m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
  __syncthreads();
  if (m_lane == 0)
    m_warps[m_rank / 32u] = m;
  __syncthreads();
  if (m_rank < 32u) {
    m = m_rank < (m_threads + 31u) / 32u ? m_warps[m_rank] : -INFINITY;
    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
      m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
  }
  if (m_rank == 0)
    m_warps[0] = m;
  __syncthreads();
  m = m_warps[0];
  float s = 0.0f;
  for (unsigned c = threadIdx.x; c < ncols; c += blockDim.x)
    s += __expf(x[AT(r, c)] - m);
  __shared__ float s_warps[32];
  const unsigned s_rank = threadIdx.x;
  const unsigned s_lane = s_rank % 32u;
  const unsigned s_threads = blockDim.x;
  for (unsigned s_offset = 16; s_offset > 0; s_offset /= 2)
    s += __shfl_down_sync(0xffffffffu, s, s_offset);
  __syncthreads();
  if (s_lane == 0)
    s_warps[s_rank / 32u] = s;
  __syncthreads();
  if (s_rank < 32u) {
    s = s_rank < (s_threads + 31u) / 32u ? s_warps[s_rank] : -0.0f;
    for (unsigned s_offset = 16; s_offset > 0; s_offset /= 2)
      s += __shfl_down_sync(0xffffffffu, s, s_offset);
  }
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
