// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// The coalesced transpose of the CUDA samples (a 32 x 33 tile written in
// passes of 8 rows, x and y reused for the output after the barrier): every
// store stages slot (row, column) from element C + row * width + column,
// C = 32 * blockIdx.y * width + 32 * blockIdx.x, at the values x and y have
// where the stores run. Its bounds (x < width, y + j < height) are about the
// element: they are restated for the slot the read names. A read of
// tile[threadIdx.x][threadIdx.y + j] becomes that element, written from the
// forms (the store's own text names the pass counter).
#include <cuda_runtime.h>
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposeCoalesced(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x; // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK-FIXES:      {{^}}  int y = blockIdx.y * TILE_DIM + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  x = blockIdx.y * TILE_DIM + threadIdx.x; // transpose block offset{{$}}
// CHECK-FIXES-NEXT: {{^}}  y = blockIdx.x * TILE_DIM + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS){{$}}
// CHECK-FIXES-NEXT: {{^}}    if (x < height && y + j < width){{$}}
// CHECK-FIXES-NEXT: {{^}}      odata[(y + j) * height + x] = (32 * blockIdx.x + (threadIdx.y + j) < width && 32 * blockIdx.y + (threadIdx.x) < height ? idata[32 * blockIdx.x + 32 * blockIdx.y * width + (threadIdx.x) * width + (threadIdx.y + j)] : 0);{{$}}
void run(float *o, const float *i, int w, int h) {
  transposeCoalesced<<<dim3((w + 31) / 32, (h + 31) / 32), dim3(32, 8)>>>(o, i, w, h);
}
