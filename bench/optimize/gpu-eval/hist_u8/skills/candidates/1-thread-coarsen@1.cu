// 256-bin histogram of 8-bit data, naive: one global atomicAdd per byte
// (uniform data spreads them over 256 addresses; each still goes to L2).
#include <cuda_runtime.h>

__global__ void hist_u8_kernel(const unsigned char *__restrict__ data, int n,
                               unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k)
      atomicAdd(&hist[data[4 * i + k]], 1u);
  } else if (i == n / 4) {
    for (int k = 0; k < n % 4; ++k)
      atomicAdd(&hist[data[4 * i + k]], 1u);
  }
}

void hist_u8_launch(int n, const unsigned char *data, unsigned int *hist) {
  cudaMemsetAsync(hist, 0, 256 * sizeof(unsigned int));
  if (n > 0)
    hist_u8_kernel<<<((n + 255) / 256 + 3) / 4, 256>>>(data, n, hist);
}
