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
    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2) {
      const float m_other = __shfl_down_sync(0xffffffffu, m, m_offset);
      const float s_other = __shfl_down_sync(0xffffffffu, s, m_offset);
      const float m_max = m < m_other ? m_other : m;
      s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
      m = m_max;
    }
    m = __shfl_sync(0xffffffffu, m, 0);
    s = __shfl_sync(0xffffffffu, s, 0);
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
