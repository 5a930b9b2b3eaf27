// NVIDIA's transposeNoBankConflicts ("An Efficient Matrix Transpose in CUDA
// C/C++", Mark Harris; CUDA samples transpose), with bound tests for any R x C.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNoBankConflicts(int R, int C, const float *idata, float *odata)
{
  __shared__ float tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < C && y + j < R)
      tile[threadIdx.y+j][threadIdx.x] = idata[(y+j)*C + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < R && y + j < C)
      odata[(y+j)*R + x] = tile[threadIdx.x][threadIdx.y + j];
}

void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 grid((C + TILE_DIM - 1) / TILE_DIM, (R + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeNoBankConflicts<<<grid, block>>>(R, C, in, out);
}
