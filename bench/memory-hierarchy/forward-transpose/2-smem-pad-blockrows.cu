// The naive transpose in the form of NVIDIA's transposeNaive ("An Efficient
// Matrix Transpose in CUDA C/C++" and the CUDA samples): 32 x 8 blocks, each
// thread copying four rows y + j of a 32 x 32 tile, with bound tests so that
// any R x C works (the post's kernel assumes multiples of 32).
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_block_rows(int R, int C, const float *in, float *out) {
  __shared__ float out_tile[32][33];
  int x = blockIdx.x * TILE_DIM + threadIdx.x; // column of in
  int y = blockIdx.y * TILE_DIM + threadIdx.y; // row of in
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < C && y + j < R)
      out_tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * C + x];
  __syncthreads();
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    int x_t = blockIdx.x * TILE_DIM + (threadIdx.y + j);
    int y_t = blockIdx.y * TILE_DIM + threadIdx.x;
    if (x_t < C && y_t + 0 < R)
      out[x_t * R + (y_t + 0)] = out_tile[threadIdx.x][threadIdx.y + j];
  }
}

void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 grid((C + TILE_DIM - 1) / TILE_DIM, (R + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transpose_block_rows<<<grid, block>>>(R, C, in, out);
}
