// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// REQUIRES: nvcc
// Presence bits: which of 1024 values occur, as 32 words of an atomicOr
// bitset; word and bit from a 10-bit value, a while loop stepping by the
// grid.
#include <cuda_runtime.h>

__global__ void presence(const unsigned short *__restrict__ vals, int n, unsigned *__restrict__ words) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    unsigned v = vals[i] & 1023u;
    atomicOr(&words[v / 32], 1u << (v % 32));
    i += gridDim.x * blockDim.x;
  }
}

void presence_launch(const unsigned short *vals, int n, unsigned *words) {
  presence<<<264, 512>>>(vals, n, words);
}

// CHECK-FIXES: {{^}}  __shared__ unsigned int s_words[32];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 32; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_words[bin] = 0;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}    atomicOr(&s_words[v / 32], 1u << (v % 32));
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 32; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_words[bin] != 0)
// CHECK-FIXES: {{^}}      atomicOr(&words[bin], s_words[bin]);
