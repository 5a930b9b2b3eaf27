// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// NVIDIA's transposeNaive (the "efficient matrix transpose" post and the
// CUDA samples): 32 x 8 blocks, each thread storing four rows y + j of a 32
// x 32 tile in a loop `for (j = 0; j < TILE_DIM; j += BLOCK_ROWS)`. The
// forward stages row threadIdx.y + j at [threadIdx.y + j][threadIdx.x] and,
// after the barrier, a copy of the loop writes the element of the thread
// whose column is threadIdx.y + j and whose row is threadIdx.x: the swapped
// locals take threadIdx.y + j for threadIdx.x and threadIdx.x for the row
// (the counter then 0). A bound test inside the loop on y + j and x goes
// with both loops (the second swapped); a step spelled blockDim.y is the
// block's. The mirror form (stores along rows, reads down columns) stages
// the reads.
#include <cuda_runtime.h>

const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

__global__ void transposeNaive(float *odata, const float *idata)
{
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j+= BLOCK_ROWS)
    odata[x*width + (y+j)] = idata[(y+j)*width + x];
}
// CHECK-FIXES: {{^}}  __shared__ float odata_tile[32][32];{{$}}
// CHECK-FIXES: {{^}}  for (int j = 0; j < TILE_DIM; j+= BLOCK_ROWS){{$}}
// CHECK-FIXES-NEXT: {{^}}    odata_tile[threadIdx.y + j][threadIdx.x] = idata[(y+j)*width + x];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int j = 0; j < TILE_DIM; j+= BLOCK_ROWS) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    int x_t = blockIdx.x * TILE_DIM + (threadIdx.y + j);{{$}}
// CHECK-FIXES-NEXT: {{^}}    int y_t = blockIdx.y * TILE_DIM + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    odata[x_t*width + (y_t+0)] = odata_tile[threadIdx.x][threadIdx.y + j];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

template <typename T>
__global__ void transpose_bounded(const T *__restrict__ in, T *__restrict__ out, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row0 = blockIdx.y * blockDim.x + threadIdx.y;
  for (int r = 0; r < blockDim.x; r += blockDim.y) {
    if (col < cols && row0 + r < rows)
      out[(size_t)col * rows + row0 + r] = in[(size_t)(row0 + r) * cols + col];
  }
}
// CHECK-FIXES: {{^}}  __shared__ T out_tile[32][32];{{$}}
// CHECK-FIXES: {{^}}      out_tile[threadIdx.y + r][threadIdx.x] = in[(size_t)(row0 + r) * cols + col];{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int r = 0; r < blockDim.x; r += blockDim.y) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    const int col_t = blockIdx.x * blockDim.x + (threadIdx.y + r);{{$}}
// CHECK-FIXES-NEXT: {{^}}    const int row0_t = blockIdx.y * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (col_t < cols && row0_t + 0 < rows){{$}}
// CHECK-FIXES-NEXT: {{^}}      out[(size_t)col_t * rows + row0_t + 0] = out_tile[threadIdx.x][threadIdx.y + r];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// The read side in rows: threads along an output row (stores contiguous),
// each reading down a column of the input. A copy of the loop stages, at
// step j, the swapped thread's value under its swapped bound test; each
// step then stores its own element from the tile.
__global__ void transpose_read_rows(const float *in, float *out, int R, int C) {
  int c = blockIdx.x * 32 + threadIdx.x;
  int r = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (c < R && r + j < C)
      out[(r + j) * R + c] = in[c * C + r + j];
}
// CHECK-FIXES: {{^}}  __shared__ float in_tile[32][32];{{$}}
// CHECK-FIXES: {{^}}  for (int j = 0; j < 32; j += 8) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    int c_t = blockIdx.x * 32 + (threadIdx.y + j);{{$}}
// CHECK-FIXES-NEXT: {{^}}    int r_t = blockIdx.y * 32 + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (c_t < R && r_t + 0 < C){{$}}
// CHECK-FIXES-NEXT: {{^}}      in_tile[threadIdx.y + j][threadIdx.x] = in[c_t * C + r_t + 0];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int j = 0; j < 32; j += 8){{$}}
// CHECK-FIXES-NEXT: {{^}}    if (c < R && r + j < C){{$}}
// CHECK-FIXES-NEXT: {{^}}      out[(r + j) * R + c] = in_tile[threadIdx.x][threadIdx.y + j];{{$}}

void run(float *d_tdata, const float *d_idata, int nx, int ny, const double *a, double *b, cudaStream_t s) {
  dim3 dimGrid(nx/TILE_DIM, ny/TILE_DIM, 1);
  dim3 dimBlock(TILE_DIM, BLOCK_ROWS, 1);
  transposeNaive<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
  transpose_bounded<double><<<dim3((nx + 31) / 32, (ny + 31) / 32), dim3(32, 4), 0, s>>>(a, b, ny, nx);
  transpose_read_rows<<<dim3((ny + 31) / 32, (nx + 31) / 32), dim3(32, 8)>>>(d_idata, d_tdata, ny, nx);
}
