// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// RUN: %klineage-rewrite --rewrite=smem-pad --direction=forward --assume=block:transpose_elsewhere:32,8 %s -o %t.assumed.cu
// RUN: FileCheck %s --check-prefix=ASSUMED --input-file=%t.assumed.cu
// A transpose whose launch is not in this file: the column read
// tile[threadIdx.x][threadIdx.y + j] is 32-way only if threadIdx.y is the
// same across a warp (blockDim.x a multiple of 32); with a 16 x 16 block a
// warp spans two rows and another pad is needed. The shape is unknown, so
// the site is refused; --assume=block:transpose_elsewhere:32,8 settles it
// (second run: the tile is padded).
#include <cuda_runtime.h>

__global__ void transpose_elsewhere(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'block-shape-known' is unknown: the degree of line [[@LINE+9]] ('tile[threadIdx.x][threadIdx.y + j]') depends on the block shape (it reads threadIdx.y, threadIdx.z or blockDim), and the launches of 'transpose_elsewhere' do not say it; assert it with --assume=block:transpose_elsewhere:X,Y if it is true [KL2403]
  // ASSUMED: {{^}}  __shared__ float tile[32][33];{{$}}
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
