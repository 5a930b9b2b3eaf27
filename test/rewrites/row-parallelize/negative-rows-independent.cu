// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// A running sum along each row: column c reads what column c - 1 wrote,
// which another thread would write once the columns are spread.
__global__ void row_prefix(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'rows-independent' fails: the loop reads 'y[r * cols + c - 1]'{{.*}} [KL1806]
  if (r >= rows)
    return;
  y[r * cols] = x[r * cols];
  for (int c = 1; c < cols; ++c)
    y[r * cols + c] = y[r * cols + c - 1] + x[r * cols + c];
}
