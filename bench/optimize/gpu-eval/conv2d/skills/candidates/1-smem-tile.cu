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
  float sum = 0.0f;
  __shared__ float in_tile[20][20];
  for (int halo_y = threadIdx.y; halo_y < 20; halo_y += 16)
    for (int halo_x = threadIdx.x; halo_x < 20; halo_x += 16)
      if (((blockIdx.y * blockDim.y + halo_y) + 0 - 2) >= 0 && ((blockIdx.y * blockDim.y + halo_y) + 0 - 2) < H && ((blockIdx.x * blockDim.x + halo_x) + 0 - 2) >= 0 && ((blockIdx.x * blockDim.x + halo_x) + 0 - 2) < W && (blockIdx.x * blockDim.x + max(halo_x - 4, 0)) < W && (blockIdx.y * blockDim.y + max(halo_y - 4, 0)) < H)
        in_tile[halo_y][halo_x] = in[((blockIdx.y * blockDim.y + halo_y) + 0 - 2) * W + ((blockIdx.x * blockDim.x + halo_x) + 0 - 2)];
  __syncthreads();
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) {
      int yy = y + i - 2;
      int xx = x + j - 2;
      if (yy >= 0 && yy < H && xx >= 0 && xx < W)
        sum += filt[i * 5 + j] * in_tile[threadIdx.y + i][threadIdx.x + j];
    }
  }
  if (x < W && y < H) {
    out[y * W + x] = sum;
  }
}

// Host launcher: device pointers, sizes as in the manifest (conv2d.yaml).
void conv2d_launch(int H, int W, const float *in, const float *filt, float *out) {
  dim3 block(16, 16);
  dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  conv2d_naive_kernel<<<grid, block>>>(H, W, in, filt, out);
}
