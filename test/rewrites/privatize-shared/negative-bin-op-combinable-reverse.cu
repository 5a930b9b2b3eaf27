// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// The copy's updates and the merge must share one associative operator;
// a float sum regrouped across blocks is unknown without --assume=reassociate.
#include <cuda_runtime.h>

// A float sum.
__global__ void fsum(const unsigned char *__restrict__ px, const float *__restrict__ w, int n, float *__restrict__ hist) {
  __shared__ float s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0.f;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i]], w[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'bin-op-combinable' is unknown: a floating-point sum of 'float' is regrouped across blocks: the result changes by rounding; assert it with --assume=reassociate if it is true [KL1703]

// Max into the copy, added into the global array.
__global__ void mixop(const unsigned char *__restrict__ px, const int *__restrict__ w, int n, int *__restrict__ hist) {
  __shared__ int s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicMax(&s[px[i]], w[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'bin-op-combinable' fails: the updates combine with different operators ('atomicMax' and 'atomicAdd'): one merge cannot apply both [KL1703]
