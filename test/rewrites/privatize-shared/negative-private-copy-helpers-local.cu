// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// A device function that receives the replicated copy is rewritten in
// place to update the global array (or copied, when something else uses it
// too): it must use the copy only for atomic updates.
#include <cuda_runtime.h>

#define BINS 256
#define COPIES 4

// The helper also reads the copy (its old count).
__device__ unsigned bumpAndPeek(unsigned *h, unsigned char v) {
  atomicAdd(&h[v * COPIES], 1u);
  return h[v * COPIES];
}

__global__ void peeks(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist,
                      unsigned *__restrict__ last) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned seen = 0;
  if (i < n) seen = bumpAndPeek(s + threadIdx.x % COPIES, px[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < COPIES; ++c) sum += s[b * COPIES + (c + b) % COPIES];
    if (sum) atomicAdd(&hist[b], sum);
  }
  if (i < n) last[i] = seen;
}
// CHECK-MESSAGES: :[[@LINE-14]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'private-copy-helpers-local' fails: 'bumpAndPeek' uses the copy it receives otherwise than by atomic updates (reads 'h[v * COPIES]'): the global array would take its place [KL1716]
// CHECK-MESSAGES: :[[@LINE-20]]:10: note: used here

// The helper is also called by another kernel, on a global array, and is
// defined after the kernel (declared before it): neither edited in place
// nor copied for this kernel.
__device__ void bump(unsigned *h, unsigned char v);

__global__ void shared_and_global(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) bump(s + threadIdx.x % COPIES, px[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < COPIES; ++c) sum += s[b * COPIES + c];
    if (sum) atomicAdd(&hist[b], sum);
  }
}
// CHECK-MESSAGES: :[[@LINE-12]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'private-copy-helpers-local' fails: 'bump' receives 's' and is also used at line [[@LINE+4]], and cannot be copied for this kernel: it is not defined before the kernel in the kernel's file [KL1716]
// CHECK-MESSAGES: :[[@LINE+3]]:3: note: also used here

__global__ void direct(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ wide) {
  bump(wide + (threadIdx.x & 3), px[blockIdx.x * blockDim.x + threadIdx.x]);
}

__device__ void bump(unsigned *h, unsigned char v) { atomicAdd(&h[v * COPIES], 1u); }
