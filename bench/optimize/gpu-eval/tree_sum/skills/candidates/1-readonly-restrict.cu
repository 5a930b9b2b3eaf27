// Per-block partial sums of N floats, naive: NVIDIA's reduce2 shape (one
// element per thread into dynamic shared memory, a halving tree with a
// barrier per stride). Each block writes its partial; the output is the
// partials, so the result does not depend on the order blocks finish.
#include <cuda_runtime.h>

__global__ void tree_sum_kernel(const float *__restrict__ in, float *partial, long long n) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? __ldg(&in[i]) : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

void tree_sum_launch(long long n, const float *in, float *partial) {
  const int threads = 256;
  const long long blocks = (n + threads - 1) / threads;
  if (blocks > 0)
    tree_sum_kernel<<<(unsigned)blocks, threads, threads * sizeof(float)>>>(in, partial, n);
}
