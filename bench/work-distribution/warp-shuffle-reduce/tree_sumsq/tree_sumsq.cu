// Per-block sums of squares of N ints into long long, naive: NVIDIA's
// reduce5 shape (the block size a template parameter, every stride
// written out under `if (blockSize >= N)`, a volatile warp-synchronous
// tail), each thread adding two elements while loading.
#include <cuda_runtime.h>

template <unsigned int blockSize>
__device__ void warpReduce(volatile long long *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned int blockSize>
__global__ void tree_sumsq_kernel(const int *x, long long *partial, unsigned int n) {
  __shared__ long long sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  long long sum = 0;
  if (i < n) sum += (long long)x[i] * x[i];
  if (i + blockSize < n) sum += (long long)x[i + blockSize] * x[i + blockSize];
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] += sdata[tid + 64]; } __syncthreads(); }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}

void tree_sumsq_launch(unsigned int n, const int *x, long long *partial) {
  constexpr unsigned int kThreads = 256;
  const unsigned int blocks = (n + 2 * kThreads - 1) / (2 * kThreads);
  if (blocks > 0)
    tree_sumsq_kernel<kThreads><<<blocks, kThreads>>>(x, partial, n);
}
