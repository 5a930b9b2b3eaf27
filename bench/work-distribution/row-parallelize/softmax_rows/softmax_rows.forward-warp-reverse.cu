// Row softmax of an M x N float matrix, naive, written with size_t
// indices and row pointers: one thread per row takes the maximum, the sum
// of exponentials, then writes the row; the launcher takes a stream.
#include <cuda_runtime.h>
#include <cstddef>
#include <math.h>

__global__ void softmax_rows_kernel(size_t rows, size_t cols, const float *in, float *out) {
  size_t row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
  if (row < rows) {
    const float *x = in + row * cols;
    float *y = out + row * cols;
    float m = -INFINITY;
    for (size_t c = 0; c < cols; ++c)
      m = fmaxf(m, x[c]);
    float s = 0.0f;
    for (size_t c = 0; c < cols; ++c)
      s += expf(x[c] - m);
    float inv = 1.0f / s;
    for (size_t c = 0; c < cols; ++c)
      y[c] = expf(x[c] - m) * inv;
  }
  }
}

void softmax_rows_launch(int M, int N, const float *in, float *out, cudaStream_t stream) {
  const unsigned threads = 128;
  unsigned blocks = (unsigned)((M + threads - 1) / threads);
  if (blocks > 0)
    softmax_rows_kernel<<<((size_t)M) / 256 + (((size_t)M) % 256 != 0), 256, 0, stream>>>((size_t)M, (size_t)N, in, out);
}
