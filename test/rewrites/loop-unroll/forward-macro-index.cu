// The index is read through an indexing macro that parenthesises its
// arguments: still a plain read, so the trip count is constant.
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
#define IDX2(r, c, ld) ((r) * (ld) + (c))

__global__ void bump_row(int *C, int pitch) {
  int r = blockIdx.x;
  for (int j = 0; j < 4; j++) {
    C[IDX2(r, j, pitch)] += 1;
  }
}
// CHECK-FIXES: {{^}}  #pragma unroll
// CHECK-FIXES-NEXT: {{^}}  for (int j = 0; j < 4; j++) {

__global__ void zero_row(int *C, int pitch) {
  for (int j = 0; j < 8; j++)
    *(&C[IDX2(blockIdx.x, (j), pitch)]) = 0;
}
// CHECK-FIXES: {{^}}  #pragma unroll
// CHECK-FIXES-NEXT: {{^}}  for (int j = 0; j < 8; j++)
