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

// A sum folded again after it was changed: the second loop's partials would
// each start from the whole first sum.
__global__ void row_refold(const int *x, int *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 2: precondition 'folds-recognised' fails: 's' is read or changed elsewhere than by its one fold in one column loop{{.*}} [KL1804]
  if (r >= rows)
    return;
  int s = 0;
  for (int c = 0; c < cols; ++c)
    s += x[r * cols + c];
  s = s * 2;
  for (int c = 0; c < cols; ++c)
    s += x[r * cols + c];
  y[r] = s;
}
