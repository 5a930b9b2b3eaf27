// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// A float sum over a block, reversed: one thread adds the row's columns in
// order, the block added them grouped by thread and tree level; the
// results round differently. Unknown until --assume=reassociate.
#include <cuda_runtime.h>

__global__ void row_means(const float *x, float *mean, int rows, int cols) {
  __shared__ float part[128];
  int row = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'sum-reassociable' is unknown: 's' is a floating-point sum: one thread adds the row's colum{{.*}} [KL1805]
  if (row >= rows)
    return;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += x[row * cols + c];
  part[threadIdx.x] = s;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the statement in question [here]
  __syncthreads();
  for (int h = 64; h > 0; h >>= 1) {
    if (threadIdx.x < h)
      part[threadIdx.x] += part[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    mean[row] = part[0] / cols;
}

void launch(const float *x, float *mean, int rows, int cols) { row_means<<<rows, 128>>>(x, mean, rows, cols); }
