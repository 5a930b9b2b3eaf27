// Histogram with per-block privatised bins in shared memory, shared atomics,
// a grid-stride loop over unsigned char input, and a merge kernel.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define NUM_BINS 256

__global__ void histogram_smem_atomics(const unsigned char *in, int n, unsigned int *out) {
  __shared__ unsigned int smem[NUM_BINS];
  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) smem[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&smem[in[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) out[blockIdx.x * NUM_BINS + i] = smem[i];
}

__global__ void histogram_final_accum(const unsigned int *in, int nBlocks, unsigned int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < NUM_BINS) {
    unsigned int total = 0;
    for (int j = 0; j < nBlocks; j++) total += in[i + NUM_BINS * j];
    out[i] = total;
  }
}

// Four pixels per thread, unpacked from one 32-bit word.
__global__ void histogram_packed(const unsigned int *words, int nwords, unsigned int *bins) {
  __shared__ unsigned int s[NUM_BINS];
  s[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nwords) {
    unsigned int w = words[i];
    for (int b = 0; b < 4; ++b) atomicAdd(&s[(w >> (8 * b)) & 0xFF], 1u);
  }
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
}

int main() {
  const int n = 1 << 22, blocks = 120;
  std::vector<unsigned char> h(n);
  for (int i = 0; i < n; ++i) h[i] = (unsigned char)(i * 7);
  unsigned char *d_in;
  unsigned int *d_part, *d_out;
  cudaMalloc(&d_in, n);
  cudaMalloc(&d_part, blocks * NUM_BINS * sizeof(unsigned int));
  cudaMalloc(&d_out, NUM_BINS * sizeof(unsigned int));
  cudaMemcpy(d_in, h.data(), n, cudaMemcpyHostToDevice);
  histogram_smem_atomics<<<blocks, 256>>>(d_in, n, d_part);
  histogram_final_accum<<<1, NUM_BINS>>>(d_part, blocks, d_out);
  histogram_packed<<<n / 4 / NUM_BINS, NUM_BINS>>>((const unsigned int *)d_in, n / 4, d_out);
  std::vector<unsigned int> bins(NUM_BINS);
  cudaMemcpy(bins.data(), d_out, NUM_BINS * sizeof(unsigned int), cudaMemcpyDeviceToHost);
  printf("%u\n", bins[0]);
  return 0;
}
