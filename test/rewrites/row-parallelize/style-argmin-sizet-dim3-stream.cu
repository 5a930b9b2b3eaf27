// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward
// Nearest centroid per point (k-means' assignment step): argmin of the
// squared distances with size_t indices throughout, a ternary pair, and a
// dim3 launch on a stream.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void nearest_centroid(const float *__restrict__ dist2, size_t *__restrict__ label,
                                 size_t npoints, size_t k) {
  size_t p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= npoints)
    return;
  const float *row = dist2 + p * k;
  float lo = 3.402823466e+38f;
  size_t at = 0;
  for (size_t j = 0; j < k; j++) {
    const float d = row[j];
    at = d < lo ? j : at;
    lo = d < lo ? d : lo;
  }
  label[p] = at;
}

void assign_labels(const float *dist2, size_t *label, size_t npoints, size_t k, cudaStream_t s) {
  dim3 block(128);
  dim3 grid((unsigned)((npoints + block.x - 1) / block.x));
  nearest_centroid<<<grid, block, 0, s>>>(dist2, label, npoints, k);
}
// CHECK-FIXES: {{^}}  for (size_t p = blockIdx.x; p < npoints; p += gridDim.x) {
// CHECK-FIXES: {{^}}  for (size_t j = threadIdx.x; j < k; j += blockDim.x) {
// CHECK-FIXES: {{^}}  __shared__ float lo_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ size_t at_warps[32];
// CHECK-FIXES: {{^}}    const size_t at_other = __shfl_down_sync(0xffffffffu, at, lo_offset);
// CHECK-FIXES-NEXT: {{^}}    if (lo_other < lo || (lo_other == lo && at_other < at)) {
// CHECK-FIXES: {{^}}  lo = lo_warps[0];
// CHECK-FIXES-NEXT: {{^}}  at = at_warps[0];
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}  label[p] = at;
// CHECK-FIXES: {{^}}  nearest_centroid<<<(npoints) < 2147483647 ? (unsigned)(npoints) : 2147483647u, 256, 0, s>>>(dist2, label, npoints, k);
