// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// A warp per row, as many write it: the row is `blockIdx.x * 4 + warp`,
// warps past the last row leave early (`if (row >= rows) return;`), and the
// row's sum is a butterfly. The exit and the condition are the same for
// every lane of a warp (the launch's 128 threads are whole warps), and a
// warp's tree waits only for its own warp (__syncwarp): the reverse applies.
__global__ void row_sums(const float *x, float *out, int rows, int cols) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int row = blockIdx.x * 4 + warp;
  if (row >= rows)
    return;
  float s = 0.f;
  for (int c = lane; c < cols; c += 32)
    s += x[row * cols + c];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  out[row] = s;
}
// CHECK-FIXES:      {{^}}  __shared__ float s_tree[128];
// CHECK-FIXES:      {{^}}  s = s_tree[s_rank - s_lane];
// CHECK-FIXES-NEXT: {{^}}  out[row] = s;

void launch(const float *x, float *out, int rows, int cols) {
  row_sums<<<(rows + 3) / 4, 128>>>(x, out, rows, cols);
}
