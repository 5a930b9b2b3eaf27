// Row softmax of an M x N float matrix, naive and online: one thread per
// row takes the maximum and the sum of exponentials in one pass (the sum is
// rescaled when the maximum moves), then writes the row. unsigned indices,
// an if/else update, a dim3 launch.
#include <cuda_runtime.h>
#include <cstddef>
#include <math.h>

__global__ void online_softmax_rows_kernel(const float *x, float *y, unsigned rows, unsigned cols) {
  for (unsigned int r = blockIdx.x; r < rows; r += gridDim.x) {
  if (r < rows) {
    float m = -INFINITY, s = 0.0f;
    for (unsigned c = threadIdx.x; c < cols; c += blockDim.x) {
      float v = x[(size_t)r * cols + c];
      if (v > m) {
        s = s * __expf(m - v) + 1.0f;
        m = v;
      } else {
        s += __expf(v - m);
      }
    }
    __shared__ float m_tree[32];
    __shared__ float s_tree[32];
    const unsigned m_rank = threadIdx.x;
    const unsigned m_lane = m_rank % 32u;
    __syncwarp();
    m_tree[m_rank] = m;
    s_tree[m_rank] = s;
    __syncwarp();
    for (unsigned m_stride = 16; m_stride > 0; m_stride /= 2) {
      if (m_lane < m_stride) {
        const float m_other_1 = m_tree[m_rank + m_stride];
        const float s_other_1 = s_tree[m_rank + m_stride];
        const float m_max_1 = m < m_other_1 ? m_other_1 : m;
        s = s * (m == m_max_1 ? 1 : __expf(m - m_max_1)) + s_other_1 * (m_other_1 == m_max_1 ? 1 : __expf(m_other_1 - m_max_1));
        m = m_max_1;
        m_tree[m_rank] = m;
        s_tree[m_rank] = s;
      }
      __syncwarp();
    }
    m = m_tree[m_rank - m_lane];
    s = s_tree[m_rank - m_lane];
    float inv = 1.0f / s;
    for (unsigned c = threadIdx.x; c < cols; c += blockDim.x)
      y[(size_t)r * cols + c] = __expf(x[(size_t)r * cols + c] - m) * inv;
  }
  }
}

void online_softmax_rows_launch(int M, int N, const float *x, float *y) {
  dim3 block(256);
  dim3 grid((M + 255) / 256);
  online_softmax_rows_kernel<<<(M) < 2147483647 ? (unsigned)(M) : 2147483647u, 32>>>(x, y, M, N);
}
