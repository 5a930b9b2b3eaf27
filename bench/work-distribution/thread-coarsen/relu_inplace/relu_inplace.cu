// In-place leaky ReLU over N floats on the caller's stream, naive: one
// element per thread behind an early-exit guard, the grid covers N.
#include <cuda_runtime.h>

__global__ void leaky_relu_(float *data, float slope, int count) {
  const int idx = threadIdx.x + blockDim.x * blockIdx.x;
  if (idx >= count)
    return;
  float v = data[idx];
  data[idx] = v > 0.f ? v : v * slope;
}

void relu_inplace_launch(int count, float slope, float *data, cudaStream_t stream) {
  if (count == 0)
    return;
  dim3 block(128);
  dim3 grid((count + 127) / 128);
  leaky_relu_<<<grid, block, 0, stream>>>(data, slope, count);
}
