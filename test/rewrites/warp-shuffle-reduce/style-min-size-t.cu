// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// A minimum of long long keys with size_t indices, the stride halved by
// `/= 2` from `blockDim.x >> 1`, the rank kept in a const local, and the
// minimum function spelled min(). Block size from a constexpr.
#include <cuda_runtime.h>
#include <cstddef>

constexpr int kBlock = 512;

__global__ void min_key(const long long *keys, size_t count, long long *mins) {
  __shared__ long long best[kBlock];
  const unsigned t = threadIdx.x;
  size_t idx = static_cast<size_t>(blockIdx.x) * blockDim.x + t;
  best[t] = idx < count ? keys[idx] : 0x7fffffffffffffffLL;
  __syncthreads();
  for (size_t half = blockDim.x >> 1; half > 0; half /= 2) {
    if (t < half)
      best[t] = min(best[t + half], best[t]);
    __syncthreads();
  }
  if (t == 0)
    mins[blockIdx.x] = best[0];
}
// CHECK-FIXES:      {{^}}  long long block_min = idx < count ? keys[idx] : 0x7fffffffffffffffLL;
// CHECK-FIXES:      {{^}}    block_min = min(block_min, __shfl_down_sync(0xffffffffu, block_min, block_min_offset));
// CHECK-FIXES:      {{^}}    mins[blockIdx.x] = block_min;

void min_keys(const long long *keys, size_t count, long long *mins) {
  unsigned blocks = static_cast<unsigned>((count + kBlock - 1) / kBlock);
  min_key<<<blocks, kBlock>>>(keys, count, mins);
}
