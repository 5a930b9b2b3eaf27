// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// REQUIRES: nvcc
// A 2-D grid over an RGBA image, a luminance histogram of 256 bins; the
// bin is a weighted sum of the channels shifted down, guarded by the
// image's bounds.
#include <cuda_runtime.h>

__global__ void luma_histogram(const uchar4 *__restrict__ img, int width, int height,
                               unsigned int *__restrict__ hist) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    uchar4 p = img[y * width + x];
    unsigned luma = (77u * p.x + 150u * p.y + 29u * p.z) >> 8;
    atomicAdd(&hist[luma], 1u);
  }
}

void luma(const uchar4 *img, int w, int h, unsigned *hist) {
  dim3 block(16, 16);
  dim3 grid((w + 15) / 16, (h + 15) / 16);
  luma_histogram<<<grid, block>>>(img, w, h, hist);
}

// CHECK-FIXES: {{^}}  __shared__ unsigned int s_hist[256];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x + blockDim.x * threadIdx.y; bin < 256; bin += blockDim.x * blockDim.y)
// CHECK-FIXES: {{^}}    s_hist[bin] = 0;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}    atomicAdd(&s_hist[luma], 1u);
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x + blockDim.x * threadIdx.y; bin < 256; bin += blockDim.x * blockDim.y)
// CHECK-FIXES: {{^}}    if (s_hist[bin] != 0)
// CHECK-FIXES: {{^}}      atomicAdd(&hist[bin], s_hist[bin]);
