// 2-D convolution (cross-correlation) of an H x W float image with a 5 x 5
// filter, zero padding at the borders, naive version:
//   out[y][x] = sum_{i,j in 0..4} filt[i][j] * in[y + i - 2][x + j - 2]
// One thread per output pixel; image and filter read from global memory.
// Domain: any H, W >= 1 (H*W < 2^31).
#include <cuda_runtime.h>

__global__ void conv2d_naive_kernel(int H, int W, const float *in, const float *filt,
                                    float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    float sum = 0.0f;
    #pragma unroll
    for (int i = 0; i < 5; ++i) {
      #pragma unroll
      for (int j = 0; j < 5; ++j) {
        int yy = y + i - 2;
        int xx = x + j - 2;
        if (yy >= 0 && yy < H && xx >= 0 && xx < W)
          sum += filt[i * 5 + j] * in[yy * W + xx];
      }
    }
    out[y * W + x] = sum;
  }
}

// Host launcher: device pointers, sizes as in the manifest (conv2d.yaml).
void conv2d_launch(int H, int W, const float *in, const float *filt, float *out) {
  dim3 block(16, 16);
  dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  conv2d_naive_kernel<<<grid, block>>>(H, W, in, filt, out);
}
