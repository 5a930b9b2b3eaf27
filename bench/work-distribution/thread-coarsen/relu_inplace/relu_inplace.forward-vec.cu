// In-place leaky ReLU over N floats on the caller's stream, naive: one
// element per thread behind an early-exit guard, the grid covers N.
#include <cuda_runtime.h>

__global__ void leaky_relu_(float *data, float slope, int count) {
  const int idx = threadIdx.x + blockDim.x * blockIdx.x;
  if (idx < count / 4) {
    float4 data_v0 = *reinterpret_cast<const float4*>(&data[4 * idx]);
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
      float v = reinterpret_cast<float*>(&data_v0)[k];
      reinterpret_cast<float*>(&data_v0)[k] = v > 0.f ? v : v * slope;
    }
    *reinterpret_cast<float4*>(&data[4 * idx]) = data_v0;
  } else if (idx == count / 4) {
    for (int k = 0; k < count % 4; ++k) {
      float v = data[4 * idx + k];
      data[4 * idx + k] = v > 0.f ? v : v * slope;
    }
  }
}

void relu_inplace_launch(int count, float slope, float *data, cudaStream_t stream) {
  if (count == 0)
    return;
  dim3 block(128);
  dim3 grid((count + 127) / 128);
  leaky_relu_<<<dim3((grid.x + 3) / 4, grid.y, grid.z), block, 0, stream>>>(data, slope, count);
}
