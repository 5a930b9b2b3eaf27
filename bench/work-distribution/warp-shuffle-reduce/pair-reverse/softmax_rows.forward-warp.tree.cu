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
    for (size_t c = threadIdx.x; c < cols; c += blockDim.x)
      s += expf(x[c] - m);
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
    softmax_rows_kernel<<<((size_t)M) < 2147483647 ? (unsigned)((size_t)M) : 2147483647u, 32, 0, stream>>>((size_t)M, (size_t)N, in, out);
}
