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
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

void tree_samples_launch(long long n, const float *in, float *partial) {
  const int threads = 256;
  const long long blocks = (n + threads - 1) / threads;
  if (blocks > 0)
    reduce2<float><<<(unsigned)blocks, threads, threads * sizeof(float)>>>(const_cast<float *>(in), partial,
                                                                         (unsigned)n);
}
