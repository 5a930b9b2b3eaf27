// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// After the last update and a barrier, every element b of the copy must be
// combined into element b of a global array, skipping at most identities.
#include <cuda_runtime.h>

// A signed sum skips negative bins, which are not empty.
__global__ void signedskip(const int *__restrict__ k, const int *__restrict__ w, int n, int *__restrict__ hist) {
  __shared__ int s[64];
  for (int b = threadIdx.x; b < 64; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[k[i] & 63], w[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < 64; b += blockDim.x) if (s[b] > 0) atomicAdd(&hist[b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'private-copy-merged' fails: the merge's test 's[b] > 0' may skip bins that are not empty [KL1713]

// Bins merged into the mirrored bin: not the copy of one array.
__global__ void shiftedmerge(const unsigned char *__restrict__ px, int n, unsigned int *__restrict__ hist) {
  __shared__ unsigned int s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[255 - b], s[b]);
}
// CHECK-MESSAGES: :[[@LINE-8]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'private-copy-merged' fails: the statement after the last barrier is not a merge 'atomicOp(&g[b], copy[b])' over every element [KL1713]
