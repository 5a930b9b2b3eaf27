// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse -- --assume=reassociate
// Two reductions in one block: the same variable reduced twice (two trees
// in one scope get two arrays, s_tree and s_tree_1), and a helper's result
// declared const (`const float total = warp_sum(v)`: the tree writes it, so
// the copy is declared without const).
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

__global__ void two_passes(const float *x, float *out, int cols) {
  const int r = blockIdx.x, lane = threadIdx.x;
  float s = 0.f;
  for (int c = lane; c < cols; c += 32)
    s += x[r * cols + c];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  const float mean = s / cols;
  s = 0.f;
  for (int c = lane; c < cols; c += 32)
    s += (x[r * cols + c] - mean) * (x[r * cols + c] - mean);
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  const float total = warp_sum(x[r * cols + lane]);
  if (lane == 0)
    out[r] = s / cols + total;
}
// CHECK-FIXES:      {{^}}  __shared__ float s_tree[32];
// CHECK-FIXES:      {{^}}  s = s_tree[s_rank - s_lane];
// CHECK-FIXES-NEXT: {{^}}  const float mean = s / cols;
// CHECK-FIXES:      {{^}}  __shared__ float s_tree_1[32];
// CHECK-FIXES:      {{^}}  s = s_tree_1[s_rank_1 - s_lane_1];
// CHECK-FIXES-NEXT: {{^}}  float total = x[r * cols + lane];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float total_tree[32];
// CHECK-FIXES:      {{^}}  total = total_tree[total_rank - total_lane];
// CHECK-FIXES-NEXT: {{^}}  if (lane == 0)

void launch(const float *x, float *out, int rows, int cols) { two_passes<<<rows, 32>>>(x, out, cols); }
