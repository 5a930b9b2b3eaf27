// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// Tiles no warp conflicts on: a staging copy that stores and reads rows
// (each warp's lanes on 32 consecutive words), and a per-warp histogram
// [WARPS][BINS] whose bins come from the data: its degree is not known, but
// every lane of a warp updates its own warp's row, so the row length cannot
// change which banks they hit. There is nothing for a pad to remove.
#include <cuda_runtime.h>

#define WARPS 8
#define BINS 64

__global__ void staged_copy(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'bank-conflicted' fails: every access of 'tile' is conflict-free: there is nothing for a pad to remove [KL2404]
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = 2.0f * tile[threadIdx.y + j][threadIdx.x];
}

__global__ void warp_histogram(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned hist[WARPS][BINS];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: error: cannot apply 'smem-pad' (forward) at site 2: precondition 'bank-conflicted' fails: every access of 'hist' is conflict-free (1 access reads one row per warp, whose banks a pad cannot change): there is nothing for a pad to remove [KL2404]
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int b = lane; b < BINS; b += 32)
    hist[warp][b] = 0;
  __syncwarp();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&hist[warp][data[i] % BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int w = 0; w < WARPS; ++w)
      sum += hist[w][b];
    atomicAdd(&bins[b], sum);
  }
}

void run(float *out, const float *in, int n, const unsigned char *data, unsigned *bins, cudaStream_t s) {
  staged_copy<<<dim3(n / 32, n / 32), dim3(32, 8), 0, s>>>(out, in, n);
  warp_histogram<<<128, WARPS * 32, 0, s>>>(data, n, bins);
}
