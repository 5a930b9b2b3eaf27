// Row softmax of an M x N float matrix, naive and online: one thread per
// row takes the maximum and the sum of exponentials in one pass (the sum is
// rescaled when the maximum moves), then writes the row. unsigned indices,
// an if/else update, a dim3 launch.
#include <cuda_runtime.h>
#include <cstddef>
#include <math.h>

__global__ void online_softmax_rows_kernel(const float *x, float *y, unsigned rows, unsigned cols) {
  unsigned r = threadIdx.x + blockIdx.x * blockDim.x;
  if (r < rows / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
      float m = -INFINITY, s = 0.0f;
      for (unsigned c = 0; c < cols; c++) {
        float v = x[(size_t)(4 * r + k) * cols + c];
        if (v > m) {
          s = s * __expf(m - v) + 1.0f;
          m = v;
        } else {
          s += __expf(v - m);
        }
      }
      float inv = 1.0f / s;
      for (unsigned c = 0; c < cols; c++)
        y[(size_t)(4 * r + k) * cols + c] = __expf(x[(size_t)(4 * r + k) * cols + c] - m) * inv;
    }
  } else if (r == rows / 4) {
    for (int k = 0; k < rows % 4; ++k) {
      float m = -INFINITY, s = 0.0f;
      for (unsigned c = 0; c < cols; c++) {
        float v = x[(size_t)(4 * r + k) * cols + c];
        if (v > m) {
          s = s * __expf(m - v) + 1.0f;
          m = v;
        } else {
          s += __expf(v - m);
        }
      }
      float inv = 1.0f / s;
      for (unsigned c = 0; c < cols; c++)
        y[(size_t)(4 * r + k) * cols + c] = __expf(x[(size_t)(4 * r + k) * cols + c] - m) * inv;
    }
  }
}

void online_softmax_rows_launch(int M, int N, const float *x, float *y) {
  dim3 block(256);
  dim3 grid((M + 255) / 256);
  online_softmax_rows_kernel<<<dim3((grid.x + 3) / 4, grid.y, grid.z), block>>>(x, y, M, N);
}
