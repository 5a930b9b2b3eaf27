// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2 -- --assume=reassociate
// A block per row whose threads also own an output column each: every
// thread writes its own element of the row's statistics. One thread per
// row would write one of them.
#include <cuda_runtime.h>

__global__ void row_stats(const float *x, float *stats, int rows, int cols) {
  __shared__ float tile[256];
  int row = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'block-per-row' fails: 'threadIdx.x' outside the row index, the strided loops, the {{.*}} [KL1808]
  if (row >= rows)
    return;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += x[row * cols + c];
  tile[threadIdx.x] = s;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h >>= 1) {
    if (threadIdx.x < h)
      tile[threadIdx.x] += tile[threadIdx.x + h];
    __syncthreads();
  }
  stats[row * 256 + threadIdx.x] = tile[0] / cols;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: note: the statement in question [here]
}

void launch(const float *x, float *stats, int rows, int cols) { row_stats<<<rows, 256>>>(x, stats, rows, cols); }
