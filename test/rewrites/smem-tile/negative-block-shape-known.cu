// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// RUN: %klineage-rewrite --rewrite=smem-tile --direction=forward --assume=block:mm_elsewhere:16,16 %s -o %t.assumed.cu
// RUN: grep -v CHECK %t.assumed.cu | FileCheck %s --check-prefix=ASSUMED
// A kernel launched from another file: the tiles are blockDim.y x
// blockDim.x, which nothing here says. --assume=block:mm_elsewhere:16,16
// settles it (second run: 16 x 16 tiles).
#include <cuda_runtime.h>

__global__ void mm_elsewhere(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'block-shape-known' is unknown: the tiles' shape is the block's, and the launches of 'mm_elsewhere' do not say it; assert it with --assume=block:mm_elsewhere:X,Y if it is true [KL2403]
    s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s;
}
// ASSUMED: __shared__ float a_tile[16][16];
// ASSUMED: __shared__ float b_tile[16][16];
// ASSUMED: for (int k0 = 0; k0 < n; k0 += 16) {
