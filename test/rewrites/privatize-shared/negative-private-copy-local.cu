// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// The copy must be a one-dimensional static __shared__ array declared alone
// at the top level of the kernel's body: one in a nested scope is not the
// kernel's per-block copy, and a 2-D one has no single merge loop.
#include <cuda_runtime.h>

// A copy declared under a condition.
__global__ void nested(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  if (n > 0) {
    __shared__ unsigned int s[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&s[px[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], s[b]);
  }
}
// CHECK-MESSAGES: :[[@LINE-9]]:5: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'private-copy-local' fails: 's' is not a one-dimensional static __shared__ array declared alone at the top level of the kernel's body [KL1711]

// A two-dimensional copy.
__global__ void twod(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  __shared__ unsigned int s[16][16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i] >> 4][px[i] & 15], 1u);
}
// CHECK-MESSAGES: :[[@LINE-4]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'private-copy-local' fails: 's' is not a one-dimensional static __shared__ array declared alone at the top level of the kernel's body [KL1711]
