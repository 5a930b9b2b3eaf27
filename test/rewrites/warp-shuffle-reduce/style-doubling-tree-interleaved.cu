// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// The first textbook reduction: pairs interleaved by a stride that doubles
// from 1 (`tid % (2 * s) == 0`), over dynamic shared memory, integers. With
// a power-of-two block, element 0 ends as the block's sum, as after a
// halving tree: the tree becomes warp shuffles and one shared stage.
#include <cuda_runtime.h>

__global__ void sum_interleaved(const int *g_in, int *g_partial, unsigned int n) {
  extern __shared__ int scratch[];
  unsigned int t = threadIdx.x;
  unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
  scratch[t] = (g < n) ? g_in[g] : 0;
  __syncthreads();
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    if ((t % (2 * stride)) == 0) {
      scratch[t] += scratch[t + stride];
    }
    __syncthreads();
  }
  if (t == 0)
    g_partial[blockIdx.x] = scratch[0];
}

void sum_interleaved_launch(const int *in, int *partial, unsigned int n) {
  sum_interleaved<<<(n + 255) / 256, 256, 256 * sizeof(int)>>>(in, partial, n);
}
// CHECK-FIXES: {{^}}  int block_sum = (g < n) ? g_in[g] : 0;
// CHECK-FIXES: {{^}}    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
// CHECK-FIXES: {{^}}    g_partial[blockIdx.x] = block_sum;
