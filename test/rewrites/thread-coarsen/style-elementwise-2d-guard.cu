// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=mode=grid-stride --assume=max:add2d.cols:65536
// REQUIRES: nvcc
// A 2-D elementwise sum over a row-major matrix, 32 x 8 blocks, both bounds
// in one guard (`x < cols && y < rows`), launched on a stream. Coarsened
// along x with a grid-stride loop over the columns: the row's test stays
// per element, the grid's y stays (the column count is bounded by an
// --assume fact: an int index past 2^31 - 1 - the stride would wrap).
#include <cuda_runtime.h>

__global__ void add2d(int rows, int cols, const float *a, const float *b, float *c) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < cols && y < rows)
    c[y * cols + x] = a[y * cols + x] + b[y * cols + x];
}
// CHECK-FIXES:      {{^}}  int y = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < cols; x += blockDim.x * gridDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (y < rows){{$}}
// CHECK-FIXES-NEXT: {{^}}      c[y * cols + x] = a[y * cols + x] + b[y * cols + x];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void add(int rows, int cols, const float *a, const float *b, float *c, cudaStream_t st) {
  dim3 block(32, 8);
  dim3 grid((cols + 31) / 32, (rows + 7) / 8);
  add2d<<<grid, block, 0, st>>>(rows, cols, a, b, c);
}
// CHECK-FIXES: {{^}}  add2d<<<dim3((grid.x + 3) / 4, grid.y, grid.z), block, 0, st>>>(rows, cols, a, b, c);{{$}}
