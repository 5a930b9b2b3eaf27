// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// A per-warp histogram [WARPS][BINS]: each warp counts into its own row,
// the bin from the data (no degree, but every lane of a warp is on its
// warp's row: the row length cannot change the banks it hits), cleared and
// merged by block-stride loops over rows. Nothing conflicts in a way
// padding can fix: the site is refused and the file is left alone.
#include <cuda_runtime.h>
#include <cstdint>

constexpr int kBins = 256;
constexpr int kWarps = 4;

__global__ void byte_histogram(const uint8_t *__restrict__ data, size_t n, unsigned int *__restrict__ out) {
  __shared__ unsigned int counts[kWarps][kBins];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'bank-conflicted' fails: every access of 'counts' is conflict-free (1 access reads one row per warp, whose banks a pad cannot change): there is nothing for a pad to remove [KL2404]
  for (int i = threadIdx.x; i < kWarps * kBins; i += blockDim.x)
    counts[i / kBins][i % kBins] = 0;
  __syncthreads();
  const int w = threadIdx.x >> 5;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&counts[w][data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
    unsigned int total = counts[0][b] + counts[1][b] + counts[2][b] + counts[3][b];
    if (total)
      atomicAdd(&out[b], total);
  }
}

void histogram(const uint8_t *data, size_t n, unsigned int *out, cudaStream_t stream) {
  byte_histogram<<<240, kWarps * 32, 0, stream>>>(data, n, out);
}
