// REQUIRES: nvcc
// RUN: %klineage-rewrite --rewrite=warp-shuffle-reduce --direction=reverse %s -o %t.rev.cu
// RUN: %klineage-rewrite --rewrite=warp-shuffle-reduce --direction=forward %t.rev.cu -o %t.back.cu
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.back.cu
// RUN: %nvcc -c -o %t.back.o %t.back.cu
// Reverse then forward: a block max by shuffles and a shared stage becomes
// a tree whose result every thread reads back into the register; forward
// turns that tree into shuffles again, and since every thread reads
// element 0 (`m = m_tree[0]`), the result is written back there first.
#include <cuda_runtime.h>
#include <climits>

__global__ void block_max(const int *x, int *out) {
  __shared__ int partial[4];
  int m = x[blockIdx.x * 128 + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    m = max(m, __shfl_down_sync(0xffffffffu, m, o));
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = m;
  __syncthreads();
  if (threadIdx.x < 32) {
    m = threadIdx.x < 4 ? partial[threadIdx.x] : INT_MIN;
    for (int o = 16; o > 0; o /= 2)
      m = max(m, __shfl_down_sync(0xffffffffu, m, o));
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = m;
}
// BACK:      {{^}}  int block_max_1 = m;
// BACK:      {{^}}    block_max_1 = max(block_max_1, __shfl_down_sync(0xffffffffu, block_max_1, block_max_1_offset));
// BACK:      {{^}}  if (block_max_1_rank == 0)
// BACK-NEXT: {{^}}    m_tree[0] = block_max_1;
// BACK-NEXT: {{^}}  __syncthreads();
// BACK-NEXT: {{^}}  m = m_tree[0];
// BACK-NEXT: {{^}}  if (threadIdx.x == 0)
// BACK-NEXT: {{^}}    out[blockIdx.x] = m;

void launch(const int *x, int *out) { block_max<<<64, 128>>>(x, out); }
