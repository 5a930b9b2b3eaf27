// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// NVIDIA's reduce3: each thread adds two elements while loading, and every
// step of the tree keeps its register copy in step (`sdata[tid] = mySum =
// mySum + sdata[tid + s]`); thread 0 writes the register. Forward: the
// register is reduced in place, the store and the tree go.
#include <cuda_runtime.h>

template <class T>
__global__ void reduce3(const T *g_idata, T *g_odata, unsigned int n) {
  extern __shared__ T sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockDim.x < n)
    mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] = mySum = mySum + sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
// CHECK-FIXES:      {{^}}    mySum += g_idata[i + blockDim.x];
// CHECK-FIXES-NEXT: {{^}}  __shared__ T mySum_reduce_warps[32];
// CHECK-FIXES:      {{^}}    mySum += __shfl_down_sync(0xffffffffu, mySum, mySum_reduce_offset);
// CHECK-FIXES:      {{^}}    mySum = mySum_reduce_rank < (mySum_reduce_threads + 31u) / 32u ? mySum_reduce_warps[mySum_reduce_rank] : T(-0.0);
// CHECK-FIXES:      {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  if (tid == 0) g_odata[blockIdx.x] = mySum;
// CHECK-FIXES-NEXT: {{^}}}

void run_reduce3(const float *in, float *out, unsigned int n) {
  const int threads = 256;
  int blocks = (n + threads * 2 - 1) / (threads * 2);
  reduce3<float><<<blocks, threads, threads * sizeof(float)>>>(in, out, n);
}
