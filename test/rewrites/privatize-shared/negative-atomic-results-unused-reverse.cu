// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// The old value of the copy's atomics is the block's count, not the
// global one the reverse would return.
#include <cuda_runtime.h>

// The rank within the bin is used.
__global__ void ranked(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist, unsigned *__restrict__ r) {
  __shared__ unsigned int s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) r[i] = atomicAdd(&s[px[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'atomic-results-unused' fails: an atomic's returned value is used: the old count of the global array is not the block's [KL1704]
