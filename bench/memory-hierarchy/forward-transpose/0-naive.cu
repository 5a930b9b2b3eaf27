// Matrix transpose, naive version: out (C x R) = in (R x C)^T, fp32,
// row-major: out[c][r] = in[r][c].
// One thread per element; reads coalesced, writes strided.
// Domain: any R, C >= 1 (R*C < 2^31).
#include <cuda_runtime.h>

__global__ void transpose_naive_kernel(int R, int C, const float *in, float *out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < R && c < C)
    out[c * R + r] = in[r * C + c];
}

// Host launcher: device pointers, sizes as in the manifest (transpose.yaml).
void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 block(16, 16);
  dim3 grid((C + block.x - 1) / block.x, (R + block.y - 1) / block.y);
  transpose_naive_kernel<<<grid, block>>>(R, C, in, out);
}
