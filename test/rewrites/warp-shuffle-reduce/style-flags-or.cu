// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward
// A bitwise OR of flags per block with `s = s / 2` steps, unsigned long
// long elements, the step written `f[t] = f[t] | f[t + s]`, and the tree
// inside the body of a grid-stride loop over tiles (it runs once per tile:
// the reduction waits before storing its partials again).
#include <cuda_runtime.h>

__global__ void tile_flags(const unsigned long long *bits, unsigned long long *tile_or, int tiles) {
  __shared__ unsigned long long f[64];
  unsigned t = threadIdx.x;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    f[t] = bits[tile * 64 + t];
    __syncthreads();
    for (unsigned s = 32; s >= 1; s = s / 2) {
      if (t < s)
        f[t] = f[t] | f[t + s];
      __syncthreads();
    }
    if (t == 0)
      tile_or[tile] = f[0];
    __syncthreads();
  }
}
// CHECK-FIXES:      {{^}}    unsigned long long block_or = bits[tile * 64 + t];
// CHECK-FIXES-NEXT: {{^}}    __shared__ unsigned long long block_or_warps[32];
// CHECK-FIXES:      {{^}}      block_or |= __shfl_down_sync(0xffffffffu, block_or, block_or_offset);
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();
// CHECK-FIXES-NEXT: {{^}}    if (block_or_lane == 0)
// CHECK-FIXES:      {{^}}    if (t == 0)
// CHECK-FIXES-NEXT: {{^}}      tile_or[tile] = block_or;

void flags(const unsigned long long *bits, unsigned long long *tile_or, int tiles) {
  tile_flags<<<128, 64>>>(bits, tile_or, tiles);
}
