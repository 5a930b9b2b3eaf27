// Matrix transpose, naive version: out (C x R) = in (R x C)^T, fp32,
// row-major: out[c][r] = in[r][c].
// One thread per element; reads coalesced, writes strided.
// Domain: any R, C >= 1 (R*C < 2^31).
#include <cuda_runtime.h>

__global__ void transpose_naive_kernel(int R, int C, const float *in, float *out) {
  __shared__ float out_tile[32][32];
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < R && c < C)
    out_tile[threadIdx.y][threadIdx.x] = in[r * C + c];
  __syncthreads();
  {
    int c_t = blockIdx.x * blockDim.x + threadIdx.y;
    int r_t = blockIdx.y * blockDim.y + threadIdx.x;
    if (r_t < R && c_t < C)
      out[c_t * R + r_t] = out_tile[threadIdx.x][threadIdx.y];
  }
}

// Host launcher: device pointers, sizes as in the manifest (transpose.yaml).
void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 block(32, 32);
  dim3 grid((C + block.x - 1) / block.x, (R + block.y - 1) / block.y);
  transpose_naive_kernel<<<grid, block>>>(R, C, in, out);
}
