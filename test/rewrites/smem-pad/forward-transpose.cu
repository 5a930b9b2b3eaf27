// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// NVIDIA's coalesced transpose: a warp stores a row of the tile
// (tile[threadIdx.y + j][threadIdx.x]) and reads a column of it
// (tile[threadIdx.x][threadIdx.y + j]): 32 lanes, 32 words of one bank, a
// 32-way conflict. With rows of TILE_DIM + 1 floats each lane's element
// moves one bank further and the column read is conflict-free; the store
// stays conflict-free. Only the declaration changes.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  // CHECK-FIXES: {{^}}  __shared__ float tile[TILE_DIM][TILE_DIM + 1];{{$}}

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  // CHECK-FIXES: {{^}}      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];{{$}}

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK-FIXES: {{^}}      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];{{$}}
}

void transpose(float *out, const float *in, int width, int height) {
  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeCoalesced<<<grid, block>>>(out, in, width, height);
}
