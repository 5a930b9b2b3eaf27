// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:hist
// The textbook histogram: 8-bit pixels, 256 bins, one thread per pixel and
// an early return for the tail. The copy is sized by the pixel type's range,
// the guard encloses the rest of the body, and every block merges its bins
// after a barrier that every thread now reaches.
#include <cuda_runtime.h>

__global__ void histo(int n, const unsigned char *px, unsigned int *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&hist[px[i]], 1u);
}
// CHECK-FIXES:      {{^}}__global__ void histo(int n, const unsigned char *px, unsigned int *hist) {
// CHECK-FIXES-NEXT: {{^}}  __shared__ unsigned int s_hist[256];
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    s_hist[bin] = 0;
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&s_hist[px[i]], 1u);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    if (s_hist[bin] != 0)
// CHECK-FIXES-NEXT: {{^}}      atomicAdd(&hist[bin], s_hist[bin]);
// CHECK-FIXES-NEXT: {{^}}}

void histo_launch(int n, const unsigned char *px, unsigned int *hist) {
  cudaMemset(hist, 0, 256 * sizeof(unsigned int));
  histo<<<(n + 255) / 256, 256>>>(n, px, hist);
}
