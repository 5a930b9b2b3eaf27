// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// A transposing store in 32 x 8 blocks: swapping threadIdx.x and
// threadIdx.y needs a square block, or a row loop that walks a square tile
// by blockDim.y rows (NVIDIA's BLOCK_ROWS: style-transpose-block-rows.cu).
// One that steps by 4 in 32 x 8 blocks stores some rows twice and others
// never: refused.
#include <cuda_runtime.h>

__global__ void transpose_32x8(int R, int C, const float *in, float *out) {
  int c = blockIdx.x * 32 + threadIdx.x;
  int r = blockIdx.y * 8 + threadIdx.y;
  if (r < R && c < C)
    out[c * R + r] = in[r * C + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'block-shape-known' fails: the block (32, 8, 1) is not square: swapping threadIdx.x and threadIdx.y needs blockDim.x == blockDim.y (and no z extent) [KL2403]
}

__global__ void rows_by_4(float *odata, const float *idata) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  int width = gridDim.x * 32;
  for (int j = 0; j < 32; j += 4)
    odata[x * width + (y + j)] = idata[(y + j) * width + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'block-shape-known' fails: the block (32, 8, 1) and the row loop (j < 32, step 4) do not cover a square tile: the loop must run to blockDim.x by blockDim.y, a divisor of it, with no z extent [KL2403]
}

void run(int R, int C, const float *in, float *out) {
  transpose_32x8<<<dim3((C + 31) / 32, (R + 7) / 8), dim3(32, 8)>>>(R, C, in, out);
  rows_by_4<<<dim3(C / 32, R / 32), dim3(32, 8)>>>(out, in);
}
