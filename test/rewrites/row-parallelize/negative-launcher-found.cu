// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// No launch of the kernel in this file: its blocks could be two-
// dimensional, and the grid cannot be given one block per row. With
// --assume=block (forward-assume-block.cu) the kernel is rewritten alone.
__global__ void row_max(const int *x, int *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'launcher-found' is unknown: no launch of the kernel is in this file{{.*}} [KL1807]
  if (r >= rows)
    return;
  int m = x[r * cols];
  for (int c = 1; c < cols; ++c)
    m = max(m, x[r * cols + c]);
  out[r] = m;
}
