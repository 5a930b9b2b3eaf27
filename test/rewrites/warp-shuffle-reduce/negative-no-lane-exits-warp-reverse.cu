// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// A warp per row, but the rows start at an odd thread: lanes of one warp
// fall on two rows, so `if (row >= rows) return;` may let part of a warp
// leave, and the rest would wait for it at the tree's __syncwarp.
__global__ void row_sums(const int *x, int *out, int rows, int cols) {
  const int row = (blockIdx.x * blockDim.x + threadIdx.x + 16) / 32;
  if (row >= rows)
    return;
  int s = x[row * cols + threadIdx.x % 32];
  for (int o = 16; o > 0; o /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'no-lane-exits' fails: a thread may leave at line 8 before the reduction{{.*}} [KL1905]
  // CHECK-MESSAGES: :8:5: note: a thread may leave here [exit]
    s += __shfl_xor_sync(0xffffffffu, s, o);
  out[row] = s;
}

void launch(const int *x, int *out, int rows, int cols) { row_sums<<<(rows + 3) / 4, 128>>>(x, out, rows, cols); }
