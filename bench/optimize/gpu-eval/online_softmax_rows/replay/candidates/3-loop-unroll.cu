// Row softmax of an M x N float matrix, naive and online: one thread per
// row takes the maximum and the sum of exponentials in one pass (the sum is
// rescaled when the maximum moves), then writes the row. unsigned indices,
// an if/else update, a dim3 launch.
#include <cuda_runtime.h>
#include <cstddef>
#include <math.h>

__global__ void online_softmax_rows_kernel(const float *__restrict__ x, float *y, unsigned rows, unsigned cols) {
  for (unsigned int r = blockIdx.x; r < rows; r += gridDim.x) {
  if (r < rows) {
    float m = -INFINITY, s = 0.0f;
    for (unsigned c = threadIdx.x; c < cols; c += blockDim.x) {
      float v = __ldg(&x[(size_t)r * cols + c]);
      if (v > m) {
        s = s * __expf(m - v) + 1.0f;
        m = v;
      } else {
        s += __expf(v - m);
      }
    }
    __shared__ float m_warps[32];
    __shared__ float s_warps[32];
    const unsigned m_rank = threadIdx.x;
    const unsigned m_lane = m_rank % 32u;
    const unsigned m_threads = blockDim.x;
    #pragma unroll
    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2) {
      const float m_other = __shfl_down_sync(0xffffffffu, m, m_offset);
      const float s_other = __shfl_down_sync(0xffffffffu, s, m_offset);
      const float m_max = m < m_other ? m_other : m;
      s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
      m = m_max;
    }
    __syncthreads();
    if (m_lane == 0) {
      m_warps[m_rank / 32u] = m;
      s_warps[m_rank / 32u] = s;
    }
    __syncthreads();
    if (m_rank < 32u) {
      const unsigned m_count = (m_threads + 31u) / 32u;
      if (m_rank < m_count) {
        m = m_warps[m_rank];
        s = s_warps[m_rank];
      }
      #pragma unroll
      for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2) {
        const float m_other = __shfl_down_sync(0xffffffffu, m, m_offset);
        const float s_other = __shfl_down_sync(0xffffffffu, s, m_offset);
        if (m_lane + m_offset < m_count) {
          const float m_max = m < m_other ? m_other : m;
          s = s * (m == m_max ? 1 : __expf(m - m_max)) + s_other * (m_other == m_max ? 1 : __expf(m_other - m_max));
          m = m_max;
        }
      }
    }
    if (m_rank == 0) {
      m_warps[0] = m;
      s_warps[0] = s;
    }
    __syncthreads();
    m = m_warps[0];
    s = s_warps[0];
    float inv = 1.0f / s;
    for (unsigned c = threadIdx.x; c < cols; c += blockDim.x)
      y[(size_t)r * cols + c] = __expf(__ldg(&x[(size_t)r * cols + c]) - m) * inv;
  }
  }
}

void online_softmax_rows_launch(int M, int N, const float *x, float *y) {
  dim3 block(256);
  dim3 grid((M + 255) / 256);
  online_softmax_rows_kernel<<<(M) < 2147483647 ? (unsigned)(M) : 2147483647u, 256>>>(x, y, M, N);
}
