// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// Between fill and merge, every access of the copy must be an atomic
// update: a plain one would then act on the global array.
#include <cuda_runtime.h>

// A thread adds to bin 0 without an atomic.
__global__ void plainw(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  __shared__ unsigned int s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i]], 1u);
  if (threadIdx.x == 0) s[0] += 1;
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-9]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'bin-updates-atomic' fails: between its fill and its merge, 's' is also used otherwise ('s': plain update 's[0] += 1'): that use would see the global array instead [KL1702]
