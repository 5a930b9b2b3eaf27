// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse
// A warp (the whole block) per row, rows in a grid-stride loop, the accumulator declared once outside it
// and reset at the top of every round (`acc = 0`): the reset writes the
// variable, it does not read the partial the shuffles left, so the lanes
// that hold partials read nothing; only lane 0 stores the row's sum.
__global__ void row_sums(const int *x, int *out, int rows, int cols) {
  const int lane = threadIdx.x % 32;
  int acc;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    acc = 0;
    for (int c = lane; c < cols; c += 32)
      acc += x[r * cols + c];
    for (int o = 16; o > 0; o /= 2)
      acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (lane == 0)
      out[r] = acc;
  }
}
// CHECK-FIXES:      {{^}}      acc += x[r * cols + c];
// CHECK-FIXES-NEXT: {{^}}    __shared__ int acc_tree[32];
// CHECK-FIXES-NEXT: {{^}}    const unsigned acc_rank = threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}    const unsigned acc_lane = acc_rank % 32u;
// CHECK-FIXES-NEXT: {{^}}    __syncwarp();
// CHECK-FIXES-NEXT: {{^}}    acc_tree[acc_rank] = acc;

void launch(const int *x, int *out, int rows, int cols) { row_sums<<<64, 32>>>(x, out, rows, cols); }
