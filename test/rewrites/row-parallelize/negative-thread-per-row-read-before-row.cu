// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2 -- --assume=reassociate
// The accumulator is read before the row starts (the scale's initial value
// takes it): moved into the row, the scale would no longer see its start.
__global__ void scaled_rows(const float *x, float *out, int rows, int cols) {
  float acc = 1.0f;
  float scale = acc * 0.5f;
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'thread-per-row' fails: 'acc' is declared before the row index and changed after it, and it is read before the row starts: the rows a block takes in turn would share it [KL1801]
  if (r < rows) {
    for (int c = 0; c < cols; ++c)
      acc *= x[r * cols + c];
    out[r] = acc * scale;
  }
}

void scaled_launch(const float *x, float *out, int rows, int cols) { scaled_rows<<<(rows + 63) / 64, 64>>>(x, out, rows, cols); }
