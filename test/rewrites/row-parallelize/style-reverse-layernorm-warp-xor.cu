// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse -- --assume=reassociate
// A warp per row (32-thread blocks launched through a macro'd constant),
// unsigned indices, a row pointer, xor butterflies that leave the mean and
// the variance in every lane; lane 0 writes the statistics. Reverse: the
// butterflies go and lane 0's test is unwrapped.
#include <cuda_runtime.h>

#define WARP 32

__global__ void layernorm_warp(const float *__restrict__ x, float *__restrict__ y, float *__restrict__ stats,
                               unsigned rows, unsigned cols) {
  const unsigned row = blockIdx.x;
  const unsigned lane = threadIdx.x;
  if (row < rows) {
    const float *xr = x + row * cols;
    float sum = 0.f;
    for (unsigned j = lane; j < cols; j += WARP)
      sum += xr[j];
    for (int off = WARP / 2; off > 0; off /= 2)
      sum += __shfl_xor_sync(0xffffffffu, sum, off);
    const float mean = sum / cols;
    float sq = 0.f;
    for (unsigned j = lane; j < cols; j += WARP)
      sq += (xr[j] - mean) * (xr[j] - mean);
    for (int off = WARP / 2; off > 0; off /= 2)
      sq += __shfl_xor_sync(0xffffffffu, sq, off);
    const float rstd = rsqrtf(sq / cols + 1e-5f);
    for (unsigned j = lane; j < cols; j += WARP)
      y[row * cols + j] = (xr[j] - mean) * rstd;
    if (lane == 0) {
      stats[2 * row] = mean;
      stats[2 * row + 1] = rstd;
    }
  }
}
// CHECK-FIXES:      {{^}}__global__ void layernorm_warp(const float *__restrict__ x, float *__restrict__ y, float *__restrict__ stats,
// CHECK-FIXES-NEXT: {{^}}                               unsigned rows, unsigned cols) {
// CHECK-FIXES-NEXT: {{^}}  const unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (row < rows) {
// CHECK-FIXES-NEXT: {{^}}    const float *xr = x + row * cols;
// CHECK-FIXES-NEXT: {{^}}    float sum = 0.f;
// CHECK-FIXES-NEXT: {{^}}    for (unsigned j = 0; j < cols; ++j)
// CHECK-FIXES-NEXT: {{^}}      sum += xr[j];
// CHECK-FIXES-NEXT: {{^}}    const float mean = sum / cols;
// CHECK-FIXES-NEXT: {{^}}    float sq = 0.f;
// CHECK-FIXES-NEXT: {{^}}    for (unsigned j = 0; j < cols; ++j)
// CHECK-FIXES-NEXT: {{^}}      sq += (xr[j] - mean) * (xr[j] - mean);
// CHECK-FIXES-NEXT: {{^}}    const float rstd = rsqrtf(sq / cols + 1e-5f);
// CHECK-FIXES-NEXT: {{^}}    for (unsigned j = 0; j < cols; ++j)
// CHECK-FIXES-NEXT: {{^}}      y[row * cols + j] = (xr[j] - mean) * rstd;
// CHECK-FIXES-NEXT: {{^}}    stats[2 * row] = mean;
// CHECK-FIXES-NEXT: {{^}}    stats[2 * row + 1] = rstd;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}

void layernorm(const float *x, float *y, float *stats, unsigned rows, unsigned cols, cudaStream_t s) {
  layernorm_warp<<<rows, WARP, 0, s>>>(x, y, stats, rows, cols);
// CHECK-FIXES:      {{^}}  layernorm_warp<<<rows / 256 + (rows % 256 != 0), 256, 0, s>>>(x, y, stats, rows, cols);
}
