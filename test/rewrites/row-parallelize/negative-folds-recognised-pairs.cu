// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2 -- --assume=reassociate
// Locals a column loop changes together that no pair reduction combines.

// The index moves without its value: 'best' never changes, so 'arg' is the
// last column above the first element, not the maximum's.
__global__ void index_without_value(const float *x, int *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'folds-recognised' fails: 'arg' changes only when the element beats 'best', but 'best' does not change with it: an argmax or argmin moves the value and its index together [KL1804]
  if (r >= rows)
    return;
  float best = x[r * cols];
  int arg = 0;
  for (int c = 1; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best)
      arg = c;
  }
  idx[r] = arg;
}

// The value is updated in another statement than the index, and the index
// tests the updated value: it moves on every column equal to the running
// maximum, which a combined reduction cannot tell from the serial order.
__global__ void value_apart_from_index(const float *x, int *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 2: precondition 'folds-recognised' fails: 'best' and 'arg' change together, but neither as an argmax or argmin {{.*}} [KL1804]
  if (r >= rows)
    return;
  float best = -1e30f;
  int arg = 0;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    best = fmaxf(best, v);
    if (v == best)
      arg = c;
  }
  idx[r] = arg;
}

// The sum is not rescaled when the maximum grows: not an online softmax.
__global__ void sum_not_rescaled(const float *x, float *lse, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 3: precondition 'folds-recognised' fails: 'm' and 's' change together, but neither as an argmax or argmin {{.*}} nor as an online softmax {{.*}} [KL1804]
  if (r >= rows)
    return;
  float m = -1e30f, s = 0.f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    float mn = fmaxf(m, v);
    s += expf(v - mn);
    m = mn;
  }
  lse[r] = m + logf(s);
}

// An argmax that also counts how often the maximum moved: three locals
// change together, and a pair reduction combines two.
__global__ void three_locals(const float *x, int *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 4: precondition 'folds-recognised' fails: 'best', 'arg' and 'moves' change together: a pair reduction combines two values [KL1804]
  if (r >= rows)
    return;
  float best = -1e30f;
  int arg = 0, moves = 0;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best) {
      best = v;
      arg = c;
      moves += 1;
    }
  }
  idx[r] = arg + moves;
}

// The index is not the column: ties are broken by the index, which must
// order the columns as the serial loop visits them.
__global__ void index_not_column(const float *x, int *idx, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 5: precondition 'folds-recognised' fails: the index 'arg' takes 'cols - c', not the column 'c'{{.*}} [KL1804]
  if (r >= rows)
    return;
  float best = -1e30f;
  int arg = 0;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > best) {
      best = v;
      arg = cols - c;
    }
  }
  idx[r] = arg;
}
