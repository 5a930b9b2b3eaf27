// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// Every update of C replicated copies of B bins must hit element
// bin * C + k with the copy index k in [0, C) and the bin in [0, B): then it
// is copy k of that bin, and goes to the global bin.
#include <cuda_runtime.h>

#define BINS 128
#define COPIES 16

// The lane index runs over 32 values: lanes 16..31 land in the next bin.
__global__ void widelane(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[(px[i] & (BINS - 1)) * COPIES + threadIdx.x % 32], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < COPIES; ++c) sum += s[b * COPIES + c];
    atomicAdd(&hist[b], sum);
  }
}
// CHECK-MESSAGES: :[[@LINE-12]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'private-copy-strided' fails: the update 'atomicAdd(&s[(px[i] & (BINS - 1)) * COPIES + threadIdx.x % 32], 1u)' is not element bin * 16 + k of copy k < 16 and bin < 128: the copy index (the terms of the offset that are not multiples of 16) lies in [0, 31], not within [0, 15] [KL1715]
// CHECK-MESSAGES: :[[@LINE-9]]:27: note: updated here

// A byte is a bin up to 255, past the 128 bins the copies hold.
__global__ void widebin(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  unsigned *mine = s + threadIdx.x % COPIES;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(mine + px[i] * COPIES, 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < COPIES; ++c) sum += s[b * COPIES + c];
    atomicAdd(&hist[b], sum);
  }
}
// CHECK-MESSAGES: :[[@LINE-13]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'private-copy-strided' fails: the update 'atomicAdd(mine + px[i] * COPIES, 1u)' is not element bin * 16 + k of copy k < 16 and bin < 128: the bin (the offset's multiples of 16, divided by it) lies in [0, 255], not within [0, 127] [KL1715]
// CHECK-MESSAGES: :[[@LINE-9]]:31: note: updated here
