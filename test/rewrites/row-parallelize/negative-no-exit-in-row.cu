// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// The thread leaves its row at the first negative element: with the row
// spread over a block, the threads that stay would wait at the block
// reduction for the one that left.
__global__ void count_until_negative(const int *x, int *counts, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'no-exit-in-row' fails: a thread may leave the row here{{.*}} [KL1802]
  if (r >= rows)
    return;
  int n = 0;
  for (int c = 0; c < cols; ++c) {
    if (x[r * cols + c] < 0)
      return;
    n += 1;
  }
  counts[r] = n;
}
