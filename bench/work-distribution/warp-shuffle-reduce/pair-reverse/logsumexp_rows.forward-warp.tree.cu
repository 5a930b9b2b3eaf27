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
  __shared__ float m_tree[32];
  const unsigned m_rank_1 = threadIdx.x;
  const unsigned m_lane_1 = m_rank_1 % 32u;
  __syncwarp();
  m_tree[m_rank_1] = m;
  __syncwarp();
  for (unsigned m_stride = 16; m_stride > 0; m_stride /= 2) {
    if (m_lane_1 < m_stride)
      m_tree[m_rank_1] = max(m_tree[m_rank_1], m_tree[m_rank_1 + m_stride]);
    __syncwarp();
  }
  m = m_tree[m_rank_1 - m_lane_1];
  float s = 0.0f;
  for (unsigned c = threadIdx.x; c < ncols; c += blockDim.x)
    s += __expf(x[AT(r, c)] - m);
  __shared__ float s_tree[32];
  const unsigned s_rank_1 = threadIdx.x;
  const unsigned s_lane_1 = s_rank_1 % 32u;
  __syncwarp();
  s_tree[s_rank_1] = s;
  __syncwarp();
  for (unsigned s_stride = 16; s_stride > 0; s_stride /= 2) {
    if (s_lane_1 < s_stride)
      s_tree[s_rank_1] += s_tree[s_rank_1 + s_stride];
    __syncwarp();
  }
  s = s_tree[s_rank_1 - s_lane_1];
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
