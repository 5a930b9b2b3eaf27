// A naive SAXPY-style kernel pair: the bundled example for klineage-rewrite.
#include <cuda_runtime.h>

#define TILE 8

__global__ void scale4(float *out, float *in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * i + 3 < n) {
    float x0 = in[4 * i];
    float x1 = in[4 * i + 1];
    float x2 = in[4 * i + 2];
    float x3 = in[4 * i + 3];
    out[4 * i] = a * x0;
    out[4 * i + 1] = a * x1;
    out[4 * i + 2] = a * x2;
    out[4 * i + 3] = a * x3;
  }
}

__global__ void rowsum(float *out, float *in, int cols) {
  int row = blockIdx.x;
  float acc = 0.f;
  for (int k = 0; k < TILE; ++k)
    acc += in[row * cols + k];
  out[row] = acc;
}

void launch_scale4(float *out, float *in, float a, int n) {
  int threads = 256, quads = (n + 3) / 4;
  scale4<<<(quads + threads - 1) / threads, threads>>>(out, in, a, n);
}
