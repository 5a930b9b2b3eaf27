// 1-D stencil of radius 3 over n floats, naive (the textbook shared-memory
// example): out[i] = sum_{t=-3..3} w[t + 3] * in[i + t] for 3 <= i < n - 3;
// the launcher copies in to out first, so the ends are in[i].
#include <cuda_runtime.h>
#define RADIUS 3
__global__ void stencil_1d(int n, const float *in, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  __shared__ float in_tile[262];
  for (int halo_x = threadIdx.x; halo_x < 262; halo_x += 256)
    if ((blockIdx.x * blockDim.x + min(halo_x, 255)) >= RADIUS && (blockIdx.x * blockDim.x + max(halo_x - 6, 0)) < n - RADIUS)
      in_tile[halo_x] = in[(blockIdx.x * blockDim.x + halo_x) + (-3)];
  __syncthreads();
  for (int t = -RADIUS; t <= RADIUS; ++t)
    s += w[t + RADIUS] * in_tile[threadIdx.x + t + 3];
  if (i >= RADIUS && i < n - RADIUS) {
    out[i] = s;
  }
}

// Host launcher: device pointers, sizes as in the manifest (stencil1d_naive.yaml).
void stencil1d_launch(int n, const float *in, const float *w, float *out) {
  cudaMemcpyAsync(out, in, sizeof(float) * (size_t)n, cudaMemcpyDeviceToDevice);
  if (n > 0)
    stencil_1d<<<(n + 255) / 256, 256>>>(n, in, w, out);
}
