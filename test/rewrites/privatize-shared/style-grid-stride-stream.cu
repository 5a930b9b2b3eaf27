// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// REQUIRES: nvcc
// A grid-stride loop with size_t indices, 64-bit counters, a fixed grid of
// blocks per SM and a launch on the caller's stream.
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

__global__ void count_bytes(const uint8_t *__restrict__ bytes, size_t len,
                            unsigned long long *__restrict__ counts) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x; idx < len; idx += stride) {
    atomicAdd(&counts[bytes[idx]], 1ULL);
  }
}

void count_bytes_async(const uint8_t *bytes, size_t len, unsigned long long *counts, int sms,
                       cudaStream_t stream) {
  cudaMemsetAsync(counts, 0, 256 * sizeof(unsigned long long), stream);
  count_bytes<<<sms * 8, 256, 0, stream>>>(bytes, len, counts);
}

// CHECK-FIXES: {{^}}  __shared__ unsigned long long s_counts[256];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_counts[bin] = 0;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}    atomicAdd(&s_counts[bytes[idx]], 1ULL);
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_counts[bin] != 0)
// CHECK-FIXES: {{^}}      atomicAdd(&counts[bin], s_counts[bin]);
