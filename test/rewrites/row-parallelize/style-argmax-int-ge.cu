// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward
// Greedy decoding over integer scores: the LAST maximal column wins ('>='),
// read straight from memory without a local, unsigned rows.
__global__ void greedy_pick(const int *scores, int *choice, unsigned n_rows, unsigned vocab) {
  unsigned row = threadIdx.x + blockIdx.x * blockDim.x;
  if (row < n_rows) {
    int top = scores[row * vocab];
    int which = 0;
    for (unsigned t = 1; t < vocab; t++)
      if (scores[row * vocab + t] >= top) {
        which = t;
        top = scores[row * vocab + t];
      }
    choice[row] = which;
  }
}

void pick(const int *scores, int *choice, unsigned n_rows, unsigned vocab) {
  greedy_pick<<<(n_rows + 31) / 32, 32>>>(scores, choice, n_rows, vocab);
}
// CHECK-FIXES: {{^}}  for (unsigned int row = blockIdx.x; row < n_rows; row += gridDim.x) {
// CHECK-FIXES: {{^}}    for (unsigned t = 1 + threadIdx.x; t < vocab; t += blockDim.x)
// CHECK-FIXES: {{^}}    __shared__ int top_warps[32];
// CHECK-FIXES-NEXT: {{^}}    __shared__ int which_warps[32];
// CHECK-FIXES: {{^}}      const int top_other = __shfl_down_sync(0xffffffffu, top, top_offset);
// CHECK-FIXES-NEXT: {{^}}      const int which_other = __shfl_down_sync(0xffffffffu, which, top_offset);
// '>=' kept the last maximal column: on equal values the larger index wins.
// CHECK-FIXES-NEXT: {{^}}      if (top_other > top || (top_other == top && which_other > which)) {
// CHECK-FIXES: {{^}}    top = top_warps[0];
// CHECK-FIXES-NEXT: {{^}}    which = which_warps[0];
// CHECK-FIXES-NEXT: {{^}}    if (threadIdx.x == 0) {
// CHECK-FIXES-NEXT: {{^}}    choice[row] = which;
// CHECK-FIXES: {{^}}  greedy_pick<<<(n_rows) < 2147483647 ? (unsigned)(n_rows) : 2147483647u, 256>>>(scores, choice, n_rows, vocab);
