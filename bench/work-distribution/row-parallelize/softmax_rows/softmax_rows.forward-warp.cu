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
    const unsigned m_rank = threadIdx.x;
    const unsigned m_lane = m_rank % 32u;
    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
      m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
    m = __shfl_sync(0xffffffffu, m, 0);
    float s = 0.0f;
    for (size_t c = threadIdx.x; c < cols; c += blockDim.x)
      s += expf(x[c] - m);
    const unsigned s_rank = threadIdx.x;
    const unsigned s_lane = s_rank % 32u;
    for (unsigned s_offset = 16; s_offset > 0; s_offset /= 2)
      s += __shfl_down_sync(0xffffffffu, s, s_offset);
    s = __shfl_sync(0xffffffffu, s, 0);
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
