// Element code that calls a __device__ function defined in another
// translation unit (no body here): whether the elements stay independent
// is unknown (thread-coarsen's iterations-independent).
#include <cuda_runtime.h>

__device__ float calibrate(float v);

__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = calibrate(in[i]);
}

void scale_launch(const float *in, float *out, int n) { scale<<<(n + 255) / 256, 256>>>(in, out, n); }
