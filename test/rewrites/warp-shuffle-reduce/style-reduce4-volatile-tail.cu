// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// The whitepaper's reduce4 on ints: the loop stops at 32 and the last warp
// finishes warp-synchronously through a volatile pointer in a helper.
// Forward: the loop and the helper call go (the helper stays, unused);
// integer sums need no reassociation fact.
#include <cuda_runtime.h>

__device__ void warpReduce(volatile int *sdata, unsigned int tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce4(int *g_idata, int *g_odata) {
  __shared__ int sdata[128];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  sdata[tid] = g_idata[i] + g_idata[i + blockDim.x];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
// CHECK-FIXES:      {{^}}  int block_sum = g_idata[i] + g_idata[i + blockDim.x];
// CHECK-FIXES-NEXT: {{^}}  __shared__ int block_sum_warps[32];
// CHECK-FIXES:      {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (tid == 0) g_odata[blockIdx.x] = block_sum;

void launch(int *in, int *out, int blocks) { reduce4<<<blocks, 128>>>(in, out); }
