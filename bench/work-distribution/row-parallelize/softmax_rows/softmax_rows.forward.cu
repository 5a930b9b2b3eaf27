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
    for (size_t c = threadIdx.x; c < cols; c += blockDim.x)
      s += expf(x[c] - m);
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
