// Matrix transpose through a shared tile, written as in the CUDA samples'
// "coalesced" step, before the padding: out (C x R) = in (R x C)^T, fp32.
// A 32x8 block moves a 32x32 tile: it reads rows of `in` (coalesced), and
// writes rows of `out` by reading the tile down its columns --
// tile[threadIdx.x][threadIdx.y + j] -- where the 32 lanes of a warp hit one
// bank: a 32-way conflict on every read. Domain: any R, C >= 1.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata, int R, int C) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < R && y + j < C)
      odata[(y + j) * R + x] = (32 * blockIdx.x + (threadIdx.y + j) < C && 32 * blockIdx.y + (threadIdx.x) < R ? idata[32 * blockIdx.x + 32 * blockIdx.y * C + (threadIdx.x) * C + (threadIdx.y + j)] : 0);
}

void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 grid((C + TILE_DIM - 1) / TILE_DIM, (R + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeCoalesced<<<grid, block>>>(out, in, R, C);
}
