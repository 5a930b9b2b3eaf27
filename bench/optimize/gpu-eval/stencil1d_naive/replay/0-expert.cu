// 1-D stencil of radius 3 over n floats, naive (the textbook shared-memory
// example): out[i] = sum_{t=-3..3} w[t + 3] * in[i + t] for 3 <= i < n - 3;
// the launcher copies in to out first, so the ends are in[i].
#include <cuda_runtime.h>
#define RADIUS 3
__global__ void stencil_1d(int n, const float *in, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < RADIUS || i >= n - RADIUS) return;
  float s = 0.f;
  for (int t = -RADIUS; t <= RADIUS; ++t)
    s += w[t + RADIUS] * in[i + t];
  out[i] = s;
}

// Host launcher: device pointers, sizes as in the manifest (stencil1d_naive.yaml).
void stencil1d_launch(int n, const float *in, const float *w, float *out) {
  cudaMemcpyAsync(out, in, sizeof(float) * (size_t)n, cudaMemcpyDeviceToDevice);
  if (n > 0)
    stencil_1d<<<(n + 255) / 256, 256>>>(n, in, w, out);
}
