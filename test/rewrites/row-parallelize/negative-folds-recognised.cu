// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// A product per row: '*=' is no fold the block reduction combines (argmax
// and online softmax pairs are: negative-folds-recognised-pairs.cu).
__global__ void row_product(const float *x, float *prod, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'folds-recognised' fails: 'p' is changed by 'p *= x[r * cols + c]', which is not one fold {{.*}} [KL1804]
  if (r >= rows)
    return;
  float p = 1.0f;
  for (int c = 0; c < cols; ++c)
    p *= x[r * cols + c];
  prod[r] = p;
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

// A compare-and-take that takes another value than it compares: 'm' is no
// maximum of anything (the max fold is `if (e > m) m = e;`, the same e).
__global__ void row_take_other(const float *x, const float *w, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 3: precondition 'folds-recognised' fails: 'm' is changed by 'm = w[r * cols + c]', which is not one fold {{.*}} [KL1804]
  if (r >= rows)
    return;
  float m = -1.0f;
  for (int c = 0; c < cols; ++c)
    if (x[r * cols + c] > m)
      m = w[r * cols + c];
  y[r] = m;
}
