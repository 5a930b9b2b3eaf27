// Row softmax of an M x N float matrix, naive, written with size_t
// indices and row pointers: one thread per row takes the maximum, the sum
// of exponentials, then writes the row; the launcher takes a stream.
#include <cuda_runtime.h>
#include <cstddef>
#include <math.h>

__global__ void softmax_rows_kernel(size_t rows, size_t cols, const float *in, float *out) {
  for (size_t row = blockIdx.x; row < rows; row += gridDim.x) {
  if (row < rows) {
    const float *x = in + row * cols;
    float *y = out + row * cols;
    float m = -INFINITY;
    for (size_t c = threadIdx.x; c < cols; c += blockDim.x)
      m = fmaxf(m, x[c]);
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
    for (size_t c = threadIdx.x; c < cols; c += blockDim.x)
      s += expf(x[c] - m);
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
    float inv = 1.0f / s;
    for (size_t c = threadIdx.x; c < cols; c += blockDim.x)
      y[c] = expf(x[c] - m) * inv;
  }
  }
}

void softmax_rows_launch(int M, int N, const float *in, float *out, cudaStream_t stream) {
  const unsigned threads = 128;
  unsigned blocks = (unsigned)((M + threads - 1) / threads);
  if (blocks > 0)
    softmax_rows_kernel<<<((size_t)M) < 2147483647 ? (unsigned)((size_t)M) : 2147483647u, 256, 0, stream>>>((size_t)M, (size_t)N, in, out);
}
