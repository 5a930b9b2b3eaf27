// 256-bin histogram of N 8-bit pixels, naive version:
//   bins[v] = number of i with pixels[i] == v.
// One thread per pixel, one global atomicAdd per pixel. The launcher zeroes
// the bins first (the output starts poisoned).
// Domain: any N >= 0 (N < 2^31).
#include <cuda_runtime.h>

__global__ void histogram_naive_kernel(int N, const unsigned char *pixels, unsigned int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k)
      atomicAdd(&bins[pixels[4 * i + k]], 1u);
  } else if (i == N / 4) {
    for (int k = 0; k < N % 4; ++k)
      atomicAdd(&bins[pixels[4 * i + k]], 1u);
  }
}

// Host launcher: device pointers, sizes as in the manifest (histogram.yaml).
void histogram_launch(int N, const unsigned char *pixels, unsigned int *bins) {
  cudaMemsetAsync(bins, 0, 256 * sizeof(unsigned int));
  int block = 256;
  int grid = (N + block - 1) / block;
  if (grid > 0)
    histogram_naive_kernel<<<(grid + 3) / 4, block>>>(N, pixels, bins);
}
