// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2 -- --assume=reassociate
// The row index is the thread's, but threadIdx.y picks a part of the
// columns: the kernel already spreads a row over several threads.
__global__ void half_rows(const float *x, float *sums, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'thread-per-row' fails: 'threadIdx.y' outside the row index: the kernel spreads work by more than the row [KL1801]
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int c = threadIdx.y; c < cols; c += 2)
    s += x[r * cols + c];
  sums[r * 2 + threadIdx.y] = s;
}
