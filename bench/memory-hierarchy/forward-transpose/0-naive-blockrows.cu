// The naive transpose in the form of NVIDIA's transposeNaive ("An Efficient
// Matrix Transpose in CUDA C/C++" and the CUDA samples): 32 x 8 blocks, each
// thread copying four rows y + j of a 32 x 32 tile, with bound tests so that
// any R x C works (the post's kernel assumes multiples of 32).
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_block_rows(int R, int C, const float *in, float *out) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x; // column of in
  int y = blockIdx.y * TILE_DIM + threadIdx.y; // row of in
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < C && y + j < R)
      out[x * R + (y + j)] = in[(y + j) * C + x];
}

void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 grid((C + TILE_DIM - 1) / TILE_DIM, (R + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transpose_block_rows<<<grid, block>>>(R, C, in, out);
}
