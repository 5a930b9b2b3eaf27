// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// The second textbook reduction: the same pairs as the interleaved tree,
// taken by consecutive threads through a strided index (`int index = 2 * s
// * tid; if (index < 128)`), a constant bound and a static tile of floats.
// The block of 128 is what the tree covers; the float sum regroups
// (--assume=reassociate).
#include <cuda_runtime.h>
#define THREADS 128

__global__ void sum_strided(const float *in, float *partial, int n) {
  __shared__ float tile[THREADS];
  int tid = threadIdx.x;
  int i = blockIdx.x * THREADS + tid;
  tile[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = 1; s < THREADS; s <<= 1) {
    int index = 2 * s * tid;
    if (index < THREADS)
      tile[index] += tile[index + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = tile[0];
}

void sum_strided_launch(const float *in, float *partial, int n) {
  sum_strided<<<(n + THREADS - 1) / THREADS, THREADS>>>(in, partial, n);
}
// CHECK-FIXES: {{^}}  float block_sum = i < n ? in[i] : 0.0f;
// CHECK-FIXES: {{^}}    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
// CHECK-FIXES: {{^}}    partial[blockIdx.x] = block_sum;
