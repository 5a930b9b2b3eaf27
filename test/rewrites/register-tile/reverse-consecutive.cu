// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=reverse
// REQUIRES: nvcc
// A hand-written register-blocked product in the consecutive layout (each
// thread owns TM consecutive rows and TN consecutive columns, `r0 + i`, the
// index scaled by `* TM` as a whole): back to one output per thread -- the
// tile loops go, `acc` becomes a scalar (its `= {}` kept), the copies'
// indices the index, the index its unscaled position; the grid grows by TM
// and TN.
#include <cuda_runtime.h>
#define TM 4
#define TN 4
__global__ void mm_consecutive(int n, const float *a, const float *b, float *c) {
  int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * TM;
  int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * TN;
  float acc[TM][TN] = {};
  for (int k = 0; k < n; ++k) {
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j)
        if (r0 + i < n && c0 + j < n)
          acc[i][j] += a[(r0 + i) * n + k] * b[k * n + c0 + j];
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j)
      if (r0 + i < n && c0 + j < n)
        c[(r0 + i) * n + c0 + j] = acc[i][j];
}
// CHECK-FIXES:      {{^}}  int r0 = (blockIdx.y * blockDim.y + threadIdx.y);{{$}}
// CHECK-FIXES-NEXT: {{^}}  int c0 = (blockIdx.x * blockDim.x + threadIdx.x);{{$}}
// CHECK-FIXES-NEXT: {{^}}  float acc = {};{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < n; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (r0 < n && c0 < n){{$}}
// CHECK-FIXES-NEXT: {{^}}      acc += a[r0 * n + k] * b[k * n + c0];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (r0 < n && c0 < n){{$}}
// CHECK-FIXES-NEXT: {{^}}    c[r0 * n + c0] = acc;{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}
void launch(int n, const float *a, const float *b, float *c) {
  dim3 block(16, 16);
  dim3 grid((n + 16 * TN - 1) / (16 * TN), (n + 16 * TM - 1) / (16 * TM));
  mm_consecutive<<<grid, block>>>(n, a, b, c);
}
// CHECK-FIXES: {{^}}  mm_consecutive<<<dim3(grid.x * 4, grid.y * 4, grid.z), block>>>(n, a, b, c);{{$}}
