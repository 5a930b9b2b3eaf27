// 8-bit pixels to normalised floats, naive: one byte read and one float
// written per thread, a size_t index, the grid computed by a macro.
#include <cuda_runtime.h>
#include <cstddef>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void normalize_u8(const unsigned char *__restrict__ src, float *__restrict__ dst,
                             float mean, float inv_std, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
      float v = __ldg(&src[4 * i + k]) * (1.0f / 255.0f);
      dst[4 * i + k] = (v - mean) * inv_std;
    }
  } else if (i == n / 4) {
    for (int k = 0; k < n % 4; ++k) {
      float v = __ldg(&src[4 * i + k]) * (1.0f / 255.0f);
      dst[4 * i + k] = (v - mean) * inv_std;
    }
  }
}

void u8_normalize_launch(long long n, float mean, float inv_std, const unsigned char *src,
                         float *dst) {
  if (n <= 0)
    return;
  normalize_u8<<<(CEIL_DIV(n, 256) + 3) / 4, 256>>>(src, dst, mean, inv_std, (size_t)n);
}
