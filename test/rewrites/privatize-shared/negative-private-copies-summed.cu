// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse --expect-exit=2 -- --assume=block:256
// A copy replicated C times must be merged bin by bin as the combination of
// all C copies of the bin, each read once: anything less drops counts.
#include <cuda_runtime.h>

#define BINS 256
#define COPIES 8

// Half the copies: the loop stops at COPIES / 2.
__global__ void halfmerged(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i] * COPIES + threadIdx.x % COPIES], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < COPIES / 2; ++c) sum += s[b * COPIES + c];
    if (sum) atomicAdd(&hist[b], sum);
  }
}
// CHECK-MESSAGES: :[[@LINE-12]]:3: error: cannot apply 'privatize-shared' (reverse) at site 1: precondition 'private-copies-summed' fails: 's' holds 8 copies of 256 bins, but the merge does not combine all copies of each bin: the loop over the copies runs 4 times, not 8 [KL1714]
// CHECK-MESSAGES: :[[@LINE-5]]:49: note: combined here

// A rotation that is not a permutation: (2 * c + b) % COPIES reads every
// other copy twice and never the odd ones.
__global__ void twice(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&s[px[i] * COPIES + threadIdx.x % COPIES], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned sum = 0;
    for (int c = 0; c < COPIES; ++c) sum += s[b * COPIES + (2 * c + b) % COPIES];
    if (sum) atomicAdd(&hist[b], sum);
  }
}
// CHECK-MESSAGES: :[[@LINE-12]]:3: error: cannot apply 'privatize-shared' (reverse) at site 2: precondition 'private-copies-summed' fails: 's' holds 8 copies of 256 bins, but the merge does not combine all copies of each bin: for bin 0, 'b * COPIES + (2 * c + b) % COPIES' never reads element 1 (copy 1 of the bin) [KL1714]
// CHECK-MESSAGES: :[[@LINE-5]]:45: note: combined here

// A 16-bit accumulator wraps where the 32-bit global bin does not.
__global__ void narrow(const unsigned char *__restrict__ px, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned s[BINS * COPIES];
  for (int j = threadIdx.x; j < BINS * COPIES; j += blockDim.x) s[j] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&s[px[i] * COPIES + threadIdx.x % COPIES], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned short sum = 0;
    for (int c = 0; c < COPIES; ++c) sum += s[b * COPIES + c];
    if (sum) atomicAdd(&hist[b], sum);
  }
}
// CHECK-MESSAGES: :[[@LINE-12]]:3: error: cannot apply 'privatize-shared' (reverse) at site 3: precondition 'private-copies-summed' fails: 's' holds 8 copies of 256 bins, but the merge does not combine all copies of each bin: the accumulator 'sum' ('unsigned short') is narrower than the copy's 'unsigned int': the block's total would wrap where the global one does not [KL1714]
// CHECK-MESSAGES: :[[@LINE-6]]:26: note: combined here
