// 2-D convolution (cross-correlation) of an H x W float image with a 5 x 5
// filter, zero padding at the borders, naive version:
//   out[y][x] = sum_{i,j in 0..4} filt[i][j] * in[y + i - 2][x + j - 2]
// One thread per output pixel; image and filter read from global memory.
// Domain: any H, W >= 1 (H*W < 2^31).
#include <cuda_runtime.h>

__global__ void conv2d_naive_kernel(int H, int W, const float *in, const float *filt,
                                    float *out) {
  int x = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  int y = blockIdx.y * blockDim.y * 4 + threadIdx.y;
  if (x < W && y < H) {
    float sum[4][4];
    #pragma unroll
    for (int i_1 = 0; i_1 < 4; ++i_1)
      #pragma unroll
      for (int j_1 = 0; j_1 < 4; ++j_1)
        sum[i_1][j_1] = 0.0f;
    for (int i = 0; i < 5; ++i) {
      for (int j = 0; j < 5; ++j) {
        int yy[4];
        #pragma unroll
        for (int i_1 = 0; i_1 < 4; ++i_1)
          yy[i_1] = y + i_1 * blockDim.y + i - 2;
        int xx[4];
        #pragma unroll
        for (int j_1 = 0; j_1 < 4; ++j_1)
          xx[j_1] = x + j_1 * blockDim.x + j - 2;
        #pragma unroll
        for (int i_1 = 0; i_1 < 4; ++i_1)
          #pragma unroll
          for (int j_1 = 0; j_1 < 4; ++j_1)
            if (y + i_1 * blockDim.y < H && x + j_1 * blockDim.x < W)
              if (yy[i_1] >= 0 && yy[i_1] < H && xx[j_1] >= 0 && xx[j_1] < W)
                sum[i_1][j_1] += filt[i * 5 + j] * in[yy[i_1] * W + xx[j_1]];
      }
    }
    #pragma unroll
    for (int i_1 = 0; i_1 < 4; ++i_1)
      #pragma unroll
      for (int j_1 = 0; j_1 < 4; ++j_1)
        if (y + i_1 * blockDim.y < H && x + j_1 * blockDim.x < W)
          out[(y + i_1 * blockDim.y) * W + x + j_1 * blockDim.x] = sum[i_1][j_1];
  }
}

// Host launcher: device pointers, sizes as in the manifest (conv2d.yaml).
void conv2d_launch(int H, int W, const float *in, const float *filt, float *out) {
  dim3 block(16, 16);
  dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  conv2d_naive_kernel<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(H, W, in, filt, out);
}
