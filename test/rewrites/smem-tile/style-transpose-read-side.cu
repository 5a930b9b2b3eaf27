// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// The other naive transpose: threads write a row of the output (coalesced)
// and read a column of the input (`in[col * rows + row]`, strided along
// threadIdx.x), 32 x 32 blocks, size_t offsets, an early return. The
// thread with x and y swapped reads the element into the tile (a row of
// the input: contiguous), and after the barrier each thread stores its own
// element from the tile, under its own bound test.
#include <cuda_runtime.h>

__global__ void transpose_by_rows(const float *in, float *out, int rows, int cols) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + threadIdx.y;
  if (row >= cols || col >= rows)
    return;
  out[(size_t)row * rows + col] = in[(size_t)col * cols + row];
}
// CHECK-FIXES:      {{^}}  __shared__ float in_tile[32][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  const int col = blockIdx.x * 32 + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  const int row = blockIdx.y * 32 + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    const int col_t = blockIdx.x * 32 + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}    const int row_t = blockIdx.y * 32 + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (row_t < cols && col_t < rows){{$}}
// CHECK-FIXES-NEXT: {{^}}      in_tile[threadIdx.y][threadIdx.x] = in[(size_t)col_t * cols + row_t];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (row < cols && col < rows){{$}}
// CHECK-FIXES-NEXT: {{^}}    out[(size_t)row * rows + col] = in_tile[threadIdx.x][threadIdx.y];{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void run(const float *in, float *out, int rows, int cols, cudaStream_t s) {
  transpose_by_rows<<<dim3((rows + 31) / 32, (cols + 31) / 32), dim3(32, 32), 0, s>>>(in, out, rows, cols);
}
