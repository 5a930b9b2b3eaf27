// 4096-bin histogram of 16-bit samples (the top 12 bits), naive: a
// grid-stride loop over a fixed grid, one global atomicAdd per sample.
#include <cuda_runtime.h>

#define HIST_BINS 4096

__global__ void hist_u16_kernel(const unsigned short *samples, long long count, unsigned int *bins) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count;
       i += (long long)gridDim.x * blockDim.x)
    atomicAdd(&bins[samples[i] >> 4], 1u);
}

void hist_u16_launch(long long count, const unsigned short *samples, unsigned int *bins,
                     cudaStream_t stream) {
  cudaMemsetAsync(bins, 0, HIST_BINS * sizeof(unsigned int), stream);
  hist_u16_kernel<<<132 * 8, 256, 0, stream>>>(samples, count, bins);
}
