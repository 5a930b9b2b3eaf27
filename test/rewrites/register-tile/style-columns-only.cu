// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward -- --option=tm=1 --option=tn=4
// REQUIRES: nvcc
// Columns only (tm=1): a 1-D kernel summing each column of a matrix, its
// thread's column from `blockDim.x * blockIdx.x + threadIdx.x`, a while loop
// over the rows. Each thread sums four columns, strided by the block so a
// warp's loads stay consecutive; the grid's x is divided, its y untouched.
#include <cuda_runtime.h>

__global__ void column_sums(const float *m, float *out, int rows, int cols) {
  int col = blockDim.x * blockIdx.x + threadIdx.x;
  if (col < cols) {
    float s = 0.f;
    int r = 0;
    while (r < rows) {
      s += m[(size_t)r * cols + col];
      ++r;
    }
    out[col] = s;
  }
}
// CHECK-FIXES:      {{^}}  int col = blockDim.x * blockIdx.x * 4 + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (col < cols) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    float s[4];{{$}}
// CHECK-FIXES:      {{^}}    while (r < rows) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int j = 0; j < 4; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}        if (col + j * blockDim.x < cols){{$}}
// CHECK-FIXES-NEXT: {{^}}          s[j] += m[(size_t)r * cols + col + j * blockDim.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}      ++r;{{$}}
// CHECK-FIXES:      {{^}}          out[col + j * blockDim.x] = s[j];{{$}}

void launch(const float *m, float *out, int rows, int cols) {
  column_sums<<<(cols + 255) / 256, 256>>>(m, out, rows, cols);
}
// CHECK-FIXES: {{^}}  column_sums<<<((cols + 255) / 256 + 3) / 4, 256>>>(m, out, rows, cols);{{$}}
