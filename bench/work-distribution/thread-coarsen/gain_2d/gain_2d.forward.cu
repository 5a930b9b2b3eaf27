// Per-pixel gain and offset of a row-major float image, naive: a 2-D grid
// of 32 x 8 blocks, one pixel per thread, one early return for both bounds
// (`x >= width || y >= height`), launched on the default stream.
#include <cuda_runtime.h>

__global__ void gain2d(const float *src, float *dst, int width, int height, float gain, float offset) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
      if (y >= height)
        continue;
      const int i = y * width + (4 * x + k);
      dst[i] = src[i] * gain + offset;
    }
  } else if (x == width / 4) {
    for (int k = 0; k < width % 4; ++k) {
      if (y >= height)
        continue;
      const int i = y * width + (4 * x + k);
      dst[i] = src[i] * gain + offset;
    }
  }
}

void gain_2d_launch(int width, int height, const float *src, float *dst, float gain, float offset) {
  dim3 block(32, 8);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  gain2d<<<dim3((grid.x + 3) / 4, grid.y, grid.z), block>>>(src, dst, width, height, gain, offset);
}
