// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse -- --assume=reassociate
// The classic shared-memory reduction (CUDA samples' reduce0..2 style):
// each thread stores its element, or 0 past the end, the block halves the
// tree, and thread 0 adds the block's sum. Reverse: each thread in range
// adds its own element; the tree, its barriers and the array go.
#include <cuda_runtime.h>

#define BLOCK_SIZE 256

__global__ void reduce_sum(const float *g_in, float *g_out, unsigned int n) {
  __shared__ float sdata[BLOCK_SIZE];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(g_out, sdata[0]);
}
// CHECK-FIXES:      {{^}}__global__ void reduce_sum(const float *g_in, float *g_out, unsigned int n) {
// CHECK-FIXES-NEXT: {{^}}  unsigned int tid = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(g_out, g_in[i]);
// CHECK-FIXES-NEXT: {{^}}}

// Integer max over a grid-stride loop into a register, then the tree with
// a constant start (the launch gives exactly 2 * 128 threads). Reverse: the
// accumulator's folds become the atomics themselves.
__global__ void reduce_max(const int *v, int n, int *result) {
  __shared__ int smax[256];
  int t = threadIdx.x;
  int m = -2147483647 - 1;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    m = max(m, v[i]);
  smax[t] = m;
  __syncthreads();
  for (int stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      smax[t] = max(smax[t], smax[t + stride]);
    __syncthreads();
  }
  if (t == 0)
    atomicMax(result, smax[0]);
}
// CHECK-FIXES:      {{^}}__global__ void reduce_max(const int *v, int n, int *result) {
// CHECK-FIXES-NEXT: {{^}}  int t = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
// CHECK-FIXES-NEXT: {{^}}    atomicMax(result, v[i]);
// CHECK-FIXES-NEXT: {{^}}}

void reduce(const float *in, float *out, const int *v, int *vmax, unsigned n) {
  reduce_sum<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(in, out, n);
  reduce_max<<<64, 256>>>(v, n, vmax);
}
