// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=reverse
// REQUIRES: nvcc
// NVIDIA's transposeNoBankConflicts: the tile's rows are padded by one
// float so that the column read is conflict-free. Reverse removes the
// padding: every subscript of the tile stays below TILE_DIM (threadIdx.x
// and threadIdx.y + j with j in {0, 8, 16, 24} under a 32 x 8 block), and
// nothing else sees the layout, so the elements only move closer.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNoBankConflicts(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  // CHECK-FIXES: {{^}}  __shared__ float tile[TILE_DIM][TILE_DIM];{{$}}

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

void transpose(float *out, const float *in, int n) {
  dim3 dimGrid(n / TILE_DIM, n / TILE_DIM, 1);
  dim3 dimBlock(TILE_DIM, BLOCK_ROWS, 1);
  transposeNoBankConflicts<<<dimGrid, dimBlock>>>(out, in);
}
