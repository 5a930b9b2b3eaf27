// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// Thrust-like count_if: unsigned indices, the predicate in a __device__
// helper, a 64-bit counter incremented by 1ULL, a launcher on a stream.
// Integer counts are exact in any order: no assumption is needed.
#include <cuda_runtime.h>

struct InRange {
  float lo, hi;
  __device__ bool operator()(float v) const { return v >= lo && v < hi; }
};

__device__ __forceinline__ bool is_match(const InRange &p, float v) { return p(v); }

__global__ void count_if_kernel(const float *__restrict__ data, unsigned n, InRange pred,
                                unsigned long long *__restrict__ count) {
  unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) {
    if (is_match(pred, data[idx]))
      atomicAdd(count, 1ULL);
  }
}
// CHECK-FIXES:      {{^}}  unsigned long long block_sum = 0ull;
// CHECK-FIXES-NEXT: {{^}}  if (idx < n) {
// CHECK-FIXES-NEXT: {{^}}    if (is_match(pred, data[idx]))
// CHECK-FIXES-NEXT: {{^}}      block_sum += 1ULL;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES:      {{^}}    atomicAdd(count, block_sum);

cudaError_t count_if(const float *data, unsigned n, float lo, float hi, unsigned long long *count,
                     cudaStream_t stream = 0) {
  const unsigned block = 512;
  const unsigned grid = (n + block - 1) / block;
  cudaMemsetAsync(count, 0, sizeof(*count), stream);
  count_if_kernel<<<grid, block, 0, stream>>>(data, n, InRange{lo, hi}, count);
  return cudaGetLastError();
}
