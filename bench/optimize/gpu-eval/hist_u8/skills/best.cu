// 256-bin histogram of 8-bit data, naive: one global atomicAdd per byte
// (uniform data spreads them over 256 addresses; each still goes to L2).
#include <cuda_runtime.h>

__global__ void hist_u8_kernel(const unsigned char *__restrict__ data, int n,
                               unsigned int *__restrict__ hist) {
  __shared__ unsigned int s_hist[256];
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
    s_hist[bin] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&s_hist[data[i]], 1u);
  __syncthreads();
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
    if (s_hist[bin] != 0)
      atomicAdd(&hist[bin], s_hist[bin]);
}

void hist_u8_launch(int n, const unsigned char *data, unsigned int *hist) {
  cudaMemsetAsync(hist, 0, 256 * sizeof(unsigned int));
  if (n > 0)
    hist_u8_kernel<<<(n + 255) / 256, 256>>>(data, n, hist);
}
