// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// The kernel must not use the global array otherwise: after the reverse it
// would see other blocks' updates before its own merge.
#include <cuda_runtime.h>

// A thread reads the global bin 0.
__global__ void readsg(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist, unsigned *__restrict__ out) {
  __shared__ unsigned int s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i]], 1u);
  if (i == 0) out[0] = hist[0];
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-9]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'bin-array-private' fails: the kernel also uses 'hist' otherwise ('hist': reads 'hist[0]'): it would see other blocks' updates before the merge [KL1705]
