// Per-block maxima of N floats, naive: a static tree of 512 elements whose
// strides start at a constant (256), fmaxf steps, and a launcher on a
// stream. Each block writes its maximum.
#include <cuda_runtime.h>
#include <cfloat>

#define MAX_THREADS 512

__global__ void tree_max_kernel(const float *__restrict__ x, float *__restrict__ block_max, int n) {
  __shared__ float smax[MAX_THREADS];
  int gid = blockIdx.x * MAX_THREADS + threadIdx.x;
  smax[threadIdx.x] = gid < n ? x[gid] : -FLT_MAX;
  __syncthreads();
  for (int stride = 256; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      smax[threadIdx.x] = fmaxf(smax[threadIdx.x], smax[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0)
    block_max[blockIdx.x] = smax[0];
}

void tree_max_launch(int n, const float *x, float *block_max, cudaStream_t stream) {
  const int blocks = (n + MAX_THREADS - 1) / MAX_THREADS;
  if (blocks > 0)
    tree_max_kernel<<<blocks, MAX_THREADS, 0, stream>>>(x, block_max, n);
}
