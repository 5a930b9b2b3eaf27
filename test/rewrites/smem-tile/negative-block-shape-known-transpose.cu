// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// A transposing store in 32 x 8 blocks: swapping threadIdx.x and
// threadIdx.y needs a square block (the 32 x 8 form walks the tile in
// loops, which this rewrite does not write).
#include <cuda_runtime.h>

__global__ void transpose_32x8(int R, int C, const float *in, float *out) {
  int c = blockIdx.x * 32 + threadIdx.x;
  int r = blockIdx.y * 8 + threadIdx.y;
  if (r < R && c < C)
    out[c * R + r] = in[r * C + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'block-shape-known' fails: the block (32, 8, 1) is not square: swapping threadIdx.x and threadIdx.y needs blockDim.x == blockDim.y (and no z extent) [KL2403]
}

void run(int R, int C, const float *in, float *out) {
  transpose_32x8<<<dim3((C + 31) / 32, (R + 7) / 8), dim3(32, 8)>>>(R, C, in, out);
}
