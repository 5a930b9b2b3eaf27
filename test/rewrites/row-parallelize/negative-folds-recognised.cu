// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// Argmax per row: the index of the best column moves with the maximum, a
// pair of values that no single fold combines.
__global__ void row_argmax(const float *x, int *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'folds-recognised' fails: 'best' is changed by 'best = v', which is not one fold {{.*}} [KL1804]
  if (r >= rows)
    return;
  float best = x[r * cols];
  int arg = 0;
  for (int c = 1; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best) {
      best = v;
      arg = c;
    }
  }
  idx[r] = arg;
}
