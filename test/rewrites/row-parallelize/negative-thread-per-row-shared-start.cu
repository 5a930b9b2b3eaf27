// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2 -- --assume=reassociate
// Locals declared before the row index move into the row only when every row
// may start them afresh. Here the running sum starts from an element that
// the kernel's rows write: a row started later would read what an earlier
// row of its block stored, not what the thread read at its start.
__global__ void carry_rows(float *x, float *sums, int rows, int cols) {
  float run = sums[0];
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'thread-per-row' fails: 'run' is declared before the row index and changed after it, and its initial value reads memory: the rows a block takes in turn would share it [KL1801]
  if (r >= rows)
    return;
  for (int c = 0; c < cols; ++c)
    run += x[r * cols + c];
  sums[r] = run;
}

void carry_launch(float *x, float *sums, int rows, int cols) { carry_rows<<<(rows + 63) / 64, 64>>>(x, sums, rows, cols); }
