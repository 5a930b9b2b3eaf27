// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// Before its first update the copy must be filled, every element, with the
// merge operator's identity: otherwise the block's start values would count.
#include <cuda_runtime.h>

// Filled with ones: every block would add 256 counts.
__global__ void ones(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  __shared__ unsigned int s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 1;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'private-copy-initialised' fails: the fill value '1' is not the identity of the sum: the block's start value would count [KL1712]

// Half of the copy filled: the rest is whatever shared memory held.
__global__ void half(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  __shared__ unsigned int s[256];
  for (int b = threadIdx.x; b < 128; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i] & 127], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'private-copy-initialised' fails: no top-level statement before the first update fills every element of 's' (a block-stride loop over [0, 256), or one element per thread) [KL1712]
