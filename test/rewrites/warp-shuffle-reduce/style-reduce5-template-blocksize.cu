// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// NVIDIA's reduce5: the block size is a template parameter, every stride
// is written out under `if (blockSize >= N)`, and the last warp runs a
// templated volatile tail. The instance launched (256 threads) skips the
// 512 step; its chain 128, 64, 32..1 becomes the shuffles.
#include <cuda_runtime.h>

template <unsigned int blockSize>
__device__ void warpReduce(volatile unsigned *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned int blockSize>
__global__ void reduce5(const unsigned *g_idata, unsigned *g_odata, unsigned int n) {
  __shared__ unsigned sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  unsigned sum = 0;
  if (i < n) sum += g_idata[i];
  if (i + blockSize < n) sum += g_idata[i + blockSize];
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] += sdata[tid + 64]; } __syncthreads(); }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
// CHECK-FIXES:      {{^}}  unsigned int block_sum = sum;
// CHECK-FIXES-NEXT: {{^}}  __shared__ unsigned int block_sum_warps[32];
// CHECK-FIXES:      {{^}}    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : 0u;
// CHECK-FIXES:      {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (tid == 0) g_odata[blockIdx.x] = block_sum;

void reduce(const unsigned *in, unsigned *out, unsigned n, cudaStream_t stream) {
  constexpr unsigned kThreads = 256;
  reduce5<kThreads><<<(n + 2 * kThreads - 1) / (2 * kThreads), kThreads, 0, stream>>>(in, out, n);
}
