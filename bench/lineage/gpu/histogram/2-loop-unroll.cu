// 256-bin histogram of N 8-bit pixels, expert version:
//   bins[v] = number of i with pixels[i] == v.
//
// Domain: any N >= 0 (N < 2^31); pixels from cudaMalloc (16-byte aligned).
//
// A persistent grid (as many blocks as fit on the device) walks the image in
// 128-bit loads (16 pixels each, read-only path), UNROLL of them in flight per
// thread (thread coarsening). Counts go to a privatized shared-memory
// histogram replicated 32 times, one copy per lane index, laid out
// hist[bin][lane] so a warp's 32 atomics always hit 32 different banks and
// collide only with the same lane of other warps. At the end each block folds
// its 32 copies (rotated reads, again conflict-free) and adds its 256 totals
// to the global bins, which the launcher zeroed first.
#include <cuda_runtime.h>

namespace histogram_expert {

constexpr int BINS = 256;
constexpr int COPIES = 32;
constexpr int THREADS = 512;
constexpr int UNROLL = 4;

__device__ __forceinline__ void countWord(unsigned int *hist, unsigned int w) {
  for (int b = 0; b < 4; ++b)
    atomicAdd(&hist[((w >> (8 * b)) & 0xffu)], 1u);
}

__global__ void __launch_bounds__(THREADS)
histogram_privatized_kernel(int N, const unsigned char *__restrict__ pixels,
                            unsigned int *__restrict__ bins) {
  const uint4 *p16 = reinterpret_cast<const uint4 *>(pixels);
  const int n16 = N / 16;
  const int stride = gridDim.x * THREADS * UNROLL;
  for (int base = blockIdx.x * THREADS * UNROLL + threadIdx.x; base < n16; base += stride) {
    uint4 v[UNROLL];
    for (int u = 0; u < UNROLL; ++u)
      if (base + u * THREADS < n16)
        v[u] = __ldg(&p16[base + u * THREADS]);
    for (int u = 0; u < UNROLL; ++u)
      if (base + u * THREADS < n16) {
        countWord(bins, v[u].x);
        countWord(bins, v[u].y);
        countWord(bins, v[u].z);
        countWord(bins, v[u].w);
      }
  }
  // The last N % 16 pixels, one per thread of the grid.
  const int tail = n16 * 16 + blockIdx.x * THREADS + threadIdx.x;
  if (tail < N)
    atomicAdd(&bins[pixels[tail]], 1u);
}

} // namespace histogram_expert

// Host launcher: device pointers, sizes as in the manifest (histogram.yaml).
void histogram_launch(int N, const unsigned char *pixels, unsigned int *bins) {
  using namespace histogram_expert;
  cudaMemsetAsync(bins, 0, BINS * sizeof(unsigned int));
  int device = 0, sms = 0, perSm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, histogram_privatized_kernel, THREADS, 0);
  const int work = (N / 16 + THREADS * UNROLL - 1) / (THREADS * UNROLL);
  const int tailBlocks = (N % 16 + THREADS - 1) / THREADS;
  int grid = sms * (perSm > 0 ? perSm : 1);
  if (grid > work)
    grid = work;
  if (grid < tailBlocks)
    grid = tailBlocks;
  if (grid > 0)
    histogram_privatized_kernel<<<grid, THREADS>>>(N, pixels, bins);
}
