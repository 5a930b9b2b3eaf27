// Radix-sort digit counts: the 8-bit digit at a shift of every 32-bit key,
// naive: one global atomicAdd per key. Keys are few-valued (skewed), so
// many threads hit the same bins.
#include <cuda_runtime.h>

#define RADIX 256

__global__ void digit_counts(const unsigned *__restrict__ keys, unsigned n, int shift,
                             unsigned *__restrict__ counts) {
  __shared__ unsigned int s_counts[(RADIX - 1) + 1];
  for (int bin = threadIdx.x; bin < (RADIX - 1) + 1; bin += blockDim.x)
    s_counts[bin] = 0;
  __syncthreads();
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    unsigned d = (keys[t] >> shift) & (RADIX - 1);
    atomicAdd(&s_counts[d], 1u);
  }
  __syncthreads();
  for (int bin = threadIdx.x; bin < (RADIX - 1) + 1; bin += blockDim.x)
    if (s_counts[bin] != 0)
      atomicAdd(&counts[bin], s_counts[bin]);
}

void radix_digits_launch(unsigned n, int shift, const unsigned *keys, unsigned *counts) {
  cudaMemsetAsync(counts, 0, RADIX * sizeof(unsigned));
  if (n > 0)
    digit_counts<<<(n + 511) / 512, 512>>>(keys, n, shift, counts);
}
