// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// A block maximum with a constant first stride (the block size is a macro),
// a grid-stride load into a per-thread maximum, fmaxf steps written as
// `a = fmaxf(a, b)`, and a launcher on a stream. A maximum needs no
// reassociation fact.
#include <cuda_runtime.h>
#include <cfloat>

#define THREADS 256

__global__ void block_max(const float *__restrict__ x, float *__restrict__ block_out, int n) {
  __shared__ float smax[THREADS];
  float m = -FLT_MAX;
  for (int k = blockIdx.x * THREADS + threadIdx.x; k < n; k += gridDim.x * THREADS)
    m = fmaxf(m, x[k]);
  smax[threadIdx.x] = m;
  __syncthreads();
  for (int stride = 128; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      smax[threadIdx.x] = fmaxf(smax[threadIdx.x], smax[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0)
    block_out[blockIdx.x] = smax[0];
}
// CHECK-FIXES:      {{^}}  float block_max_1 = m;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float block_max_1_warps[32];
// CHECK-FIXES:      {{^}}    block_max_1 = max(block_max_1, __shfl_down_sync(0xffffffffu, block_max_1, block_max_1_offset));
// CHECK-FIXES:      {{^}}  if (threadIdx.x == 0)
// CHECK-FIXES-NEXT: {{^}}    block_out[blockIdx.x] = block_max_1;

void block_max_launch(const float *x, float *block_out, int n, cudaStream_t s) {
  block_max<<<264, THREADS, 0, s>>>(x, block_out, n);
}
