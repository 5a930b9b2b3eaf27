// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=reverse
// reverse then forward gives back the input: the pragmas are full unrolls of
// constant trip counts, which forward re-creates.
#define BINS 256

__global__ void histo(const unsigned char *px, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  #pragma unroll
  for (int b = 0; b < BINS / 64; ++b)
    local[threadIdx.x + b * 64] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&local[px[i]], 1u);
  __syncthreads();
    #pragma unroll
    for (int b = 0; b < BINS / 64; ++b)
      atomicAdd(&bins[threadIdx.x + b * 64], local[threadIdx.x + b * 64]);
}
