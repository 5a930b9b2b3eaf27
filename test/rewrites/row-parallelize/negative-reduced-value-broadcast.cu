// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// A warp per row (32-thread blocks): the shuffles leave the row's maximum
// in lane 0 only, yet every lane clamps its columns with 'm' -- lane k
// holds the maximum of its own columns. One thread per row would clamp
// with the row's maximum: another result.
#include <cuda_runtime.h>

__global__ void clamp_to_partial_max(const int *x, int *y, int rows, int cols) {
  int row = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'reduced-value-broadcast' fails: 'm' is read after the reduction by threads that hold only th{{.*}} [KL1810]
  if (row >= rows)
    return;
  int m = x[row * cols];
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    m = max(m, x[row * cols + c]);
  for (int o = 16; o > 0; o >>= 1)
    m = max(m, __shfl_down_sync(0xffffffffu, m, o));
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[row * cols + c] = x[row * cols + c] - m;
    // CHECK-MESSAGES: :[[@LINE-1]]:45: note: the statement in question [here]
}

void launch(const int *x, int *y, int rows, int cols) { clamp_to_partial_max<<<rows, 32>>>(x, y, rows, cols); }
