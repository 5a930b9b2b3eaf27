// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// REQUIRES: nvcc
// Index and guard through macros, an unsigned index, and the bin taken by a
// mask of a 32-bit key; the launch grid from a CEIL macro.
#include <cuda_runtime.h>

#define GLOBAL_TID (blockIdx.x * blockDim.x + threadIdx.x)
#define CEIL(a, b) (((a) + (b) - 1) / (b))
#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)

__global__ void digit_count(const unsigned *__restrict__ keys, unsigned n, int shift,
                            unsigned *__restrict__ digits) {
  unsigned t = GLOBAL_TID;
  if (t >= n) return;
  unsigned d = (keys[t] >> shift) & (RADIX - 1);
  atomicAdd(&digits[d], 1u);
}

void count_digits(const unsigned *keys, unsigned n, int shift, unsigned *digits) {
  digit_count<<<CEIL(n, 256), 256>>>(keys, n, shift, digits);
}

// CHECK-FIXES: {{^}}  __shared__ unsigned int s_digits[(RADIX - 1) + 1];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < (RADIX - 1) + 1; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_digits[bin] = 0;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  if (t < n) {
// CHECK-FIXES: {{^}}    unsigned d = (keys[t] >> shift) & (RADIX - 1);
// CHECK-FIXES: {{^}}    atomicAdd(&s_digits[d], 1u);
// CHECK-FIXES: {{^}}  }
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < (RADIX - 1) + 1; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_digits[bin] != 0)
// CHECK-FIXES: {{^}}      atomicAdd(&digits[bin], s_digits[bin]);
