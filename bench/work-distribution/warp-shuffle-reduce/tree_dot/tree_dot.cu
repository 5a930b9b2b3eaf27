// Per-block dot products of two float vectors, naive: NVIDIA's reduce3
// shape (each thread adds two products while loading, every step of the
// tree keeps its register copy: `sdata[tid] = mySum = mySum + sdata[tid +
// s]`), 128 threads covering 256 elements per block.
#include <cuda_runtime.h>

template <class T>
__global__ void tree_dot_kernel(const T *a, const T *b, T *partial, unsigned int n) {
  extern __shared__ T sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? a[i] * b[i] : 0;
  if (i + blockDim.x < n)
    mySum += a[i + blockDim.x] * b[i + blockDim.x];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = mySum;
}

void tree_dot_launch(unsigned int n, const float *a, const float *b, float *partial) {
  const unsigned int threads = 128;
  const unsigned int blocks = (n + 2 * threads - 1) / (2 * threads);
  if (blocks > 0)
    tree_dot_kernel<float><<<blocks, threads, threads * sizeof(float)>>>(a, b, partial, n);
}
