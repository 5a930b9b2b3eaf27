// Per-block partial sums of N floats, naive, written as the CUDA samples'
// reduction kernels are: a kernel template reaching its dynamic shared
// memory through the SharedMemory<T> functor (`T *sdata =
// SharedMemory<T>();`), reduce2's halving tree with a barrier per stride.
#include <cuda_runtime.h>

template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T>
__global__ void reduce2(T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  T block_sum = (i < n) ? g_idata[i] : 0;
  __shared__ T block_sum_warps[32];
  const unsigned block_sum_rank = threadIdx.x;
  const unsigned block_sum_lane = block_sum_rank % 32u;
  const unsigned block_sum_threads = blockDim.x;
  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  if (block_sum_lane == 0)
    block_sum_warps[block_sum_rank / 32u] = block_sum;
  __syncthreads();
  if (block_sum_rank < 32u) {
    block_sum = block_sum_rank < (block_sum_threads + 31u) / 32u ? block_sum_warps[block_sum_rank] : T(-0.0);
    for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
      block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = block_sum;
}

void tree_samples_launch(long long n, const float *in, float *partial) {
  const int threads = 256;
  const long long blocks = (n + threads - 1) / threads;
  if (blocks > 0)
    reduce2<float><<<(unsigned)blocks, threads, threads * sizeof(float)>>>(const_cast<float *>(in), partial,
                                                                         (unsigned)n);
}
