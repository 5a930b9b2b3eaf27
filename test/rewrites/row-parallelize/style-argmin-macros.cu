// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward
// Argmin through macros: the element is read through an indexing macro,
// the block size is a macro in the launch, and the index/value update is
// one if with a comma expression.
#include <cuda_runtime.h>
#define AT(m, r, c, ld) (m)[(size_t)(r) * (ld) + (c)]
#define BLOCK 64

__global__ void row_argmin(const float *cost, int *best_col, float *best_cost, int R, int C) {
  int r = blockDim.x * blockIdx.x + threadIdx.x;
  if (r >= R)
    return;
  float lo = AT(cost, r, 0, C);
  int col = 0;
  for (int c = 0; c < C; c++)
    if (AT(cost, r, c, C) < lo)
      lo = AT(cost, r, c, C), col = c;
  best_col[r] = col;
  best_cost[r] = lo;
}

void argmin_launch(const float *cost, int *best_col, float *best_cost, int R, int C) {
  row_argmin<<<(R + BLOCK - 1) / BLOCK, BLOCK>>>(cost, best_col, best_cost, R, C);
}
// CHECK-FIXES: {{^}}  for (int r = blockIdx.x; r < R; r += gridDim.x) {
// CHECK-FIXES: {{^}}  for (int c = threadIdx.x; c < C; c += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}    if (AT(cost, r, c, C) < lo)
// CHECK-FIXES-NEXT: {{^}}      lo = AT(cost, r, c, C), col = c;
// CHECK-FIXES-NEXT: {{^}}  __shared__ float lo_warps[32];
// CHECK-FIXES-NEXT: {{^}}  __shared__ int col_warps[32];
// An argmin with '<': the smaller value wins, and of equal values the first column.
// CHECK-FIXES: {{^}}    if (lo_other < lo || (lo_other == lo && col_other < col)) {
// CHECK-FIXES: {{^}}  lo = lo_warps[0];
// CHECK-FIXES-NEXT: {{^}}  col = col_warps[0];
// CHECK-FIXES: {{^}}  row_argmin<<<R, 256>>>(cost, best_col, best_cost, R, C);
