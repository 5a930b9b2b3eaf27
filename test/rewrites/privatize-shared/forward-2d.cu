// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:histo
// A 2-D image histogram with 16x16 blocks and a two-part bounds check that
// returns early: the guard becomes `if (x < width && y < height) {` around
// the rest of the body, and since the launch's block is 2-D, the fill and
// the merge walk the block's linear thread index.
#include <cuda_runtime.h>

__global__ void image_hist(const unsigned char *img, int width, int height, int pitch,
                           unsigned int *histo) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  const unsigned char v = img[y * pitch + x];
  atomicAdd(&histo[v], 1);
}
// CHECK-FIXES:      {{^}}                           unsigned int *histo) {
// CHECK-FIXES-NEXT: {{^}}  __shared__ unsigned int s_histo[256];
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x + blockDim.x * threadIdx.y; bin < 256; bin += blockDim.x * blockDim.y)
// CHECK-FIXES-NEXT: {{^}}    s_histo[bin] = 0;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  const int x = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  const int y = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NEXT: {{^}}  if (x < width && y < height) {
// CHECK-FIXES-NEXT: {{^}}    const unsigned char v = img[y * pitch + x];
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&s_histo[v], 1);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x + blockDim.x * threadIdx.y; bin < 256; bin += blockDim.x * blockDim.y)
// CHECK-FIXES-NEXT: {{^}}    if (s_histo[bin] != 0)
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&histo[bin], s_histo[bin]);
// CHECK-FIXES-NEXT: {{^}}}

void image_hist_launch(const unsigned char *img, int width, int height, int pitch,
                       unsigned int *histo, cudaStream_t stream) {
  dim3 block(16, 16);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  cudaMemsetAsync(histo, 0, 256 * sizeof(unsigned int), stream);
  image_hist<<<grid, block, 0, stream>>>(img, width, height, pitch, histo);
}
