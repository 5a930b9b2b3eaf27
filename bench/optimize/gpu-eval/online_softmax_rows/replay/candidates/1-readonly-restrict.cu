// Row softmax of an M x N float matrix, naive and online: one thread per
// row takes the maximum and the sum of exponentials in one pass (the sum is
// rescaled when the maximum moves), then writes the row. unsigned indices,
// an if/else update, a dim3 launch.
#include <cuda_runtime.h>
#include <cstddef>
#include <math.h>

__global__ void online_softmax_rows_kernel(const float *__restrict__ x, float *y, unsigned rows, unsigned cols) {
  unsigned r = threadIdx.x + blockIdx.x * blockDim.x;
  if (r < rows) {
    float m = -INFINITY, s = 0.0f;
    for (unsigned c = 0; c < cols; c++) {
      float v = __ldg(&x[(size_t)r * cols + c]);
      if (v > m) {
        s = s * __expf(m - v) + 1.0f;
        m = v;
      } else {
        s += __expf(v - m);
      }
    }
    float inv = 1.0f / s;
    for (unsigned c = 0; c < cols; c++)
      y[(size_t)r * cols + c] = __expf(__ldg(&x[(size_t)r * cols + c]) - m) * inv;
  }
}

void online_softmax_rows_launch(int M, int N, const float *x, float *y) {
  dim3 block(256);
  dim3 grid((M + 255) / 256);
  online_softmax_rows_kernel<<<grid, block>>>(x, y, M, N);
}
