// Row softmax of an M x N float matrix, written by hand with one block per
// row (bench material for row-parallelize's reverse step): a grid-stride
// loop over rows, the max and the sum each reduced by warp shuffles and a
// shared stage across warps, broadcast through a shared slot.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmax_blockrow_kernel(int rows, int cols, const float *in, float *out) {
  __shared__ float partial[32];
  __shared__ float row_value;
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    const float *xr = in + (size_t)r * cols;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      m = fmaxf(m, xr[c]);
    for (int o = 16; o > 0; o /= 2)
      m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, o));
    if (lane == 0)
      partial[warp] = m;
    __syncthreads();
    if (warp == 0) {
      m = lane < blockDim.x / 32 ? partial[lane] : -INFINITY;
      for (int o = 16; o > 0; o /= 2)
        m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, o));
    }
    if (threadIdx.x == 0)
      row_value = m;
    __syncthreads();
    m = row_value;
    __syncthreads();
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      s += expf(xr[c] - m);
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
      partial[warp] = s;
    __syncthreads();
    if (warp == 0) {
      s = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
      for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
    }
    if (threadIdx.x == 0)
      row_value = s;
    __syncthreads();
    s = row_value;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      out[(size_t)r * cols + c] = expf(xr[c] - m) / s;
    __syncthreads();
  }
}

void softmax_rows_launch(int M, int N, const float *in, float *out, cudaStream_t stream) {
  if (M > 0)
    softmax_blockrow_kernel<<<M < 65535 ? M : 65535, 256, 0, stream>>>(M, N, in, out);
}
