// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward -- --assume=reassociate
// Two trees on one array (a mean, then a variance around it), with the
// second value stored only after everyone read the first; both trees
// become shuffles, each writing its result back to element 0 (the first
// is read by every thread; the second's reader is not the statement right
// after it alone). The rank is the 2-D thread index of a 32x8 block.
#include <cuda_runtime.h>

__global__ void mean_var(const float *x, float *mean_out, float *var_out, int n) {
  __shared__ float red[256];
  int tid = threadIdx.y * blockDim.x + threadIdx.x;
  int gid = blockIdx.x * 256 + tid;
  float v = gid < n ? x[gid] : 0.f;
  red[tid] = v;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  float mean = red[0] / 256.f;
  __syncthreads();
  red[tid] = gid < n ? (v - mean) * (v - mean) : 0.f;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    mean_out[blockIdx.x] = mean;
    var_out[blockIdx.x] = red[0] / 256.f;
  }
}
// CHECK-FIXES:      {{^}}  float block_sum = v;
// CHECK-FIXES:      {{^}}    red[0] = block_sum;
// CHECK-FIXES:      {{^}}  float mean = red[0] / 256.f;
// CHECK-FIXES:      {{^}}  float block_sum_1 = gid < n ? (v - mean) * (v - mean) : 0.f;
// CHECK-FIXES:      {{^}}    red[0] = block_sum_1;
// CHECK-FIXES:      {{^}}    var_out[blockIdx.x] = red[0] / 256.f;

void launch(const float *x, float *m, float *v, int n) {
  dim3 block(32, 8);
  mean_var<<<(n + 255) / 256, block>>>(x, m, v, n);
}
