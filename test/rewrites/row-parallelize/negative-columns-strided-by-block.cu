// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// The block's 256 threads stride over the columns by 32: each column is
// taken by 8 threads (a bug, or a kernel that splits rows otherwise); a
// serial loop over the columns is not what the block computes.
#include <cuda_runtime.h>

__global__ void row_max(const int *x, int *out, int rows, int cols) {
  __shared__ int best[256];
  int row = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'columns-strided-by-block' fails: the loop reads the thread's rank but is not `for (c = START {{.*}} [KL1809]
  if (row < rows) {
    int m = x[row * cols];
    for (int c = threadIdx.x; c < cols; c += 32)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the statement in question [here]
      m = max(m, x[row * cols + c]);
    best[threadIdx.x] = m;
    __syncthreads();
    for (int h = 128; h > 0; h >>= 1) {
      if (threadIdx.x < h)
        best[threadIdx.x] = max(best[threadIdx.x], best[threadIdx.x + h]);
      __syncthreads();
    }
    if (threadIdx.x == 0)
      out[row] = best[0];
  }
}

void launch(const int *x, int *out, int rows, int cols) { row_max<<<rows, 256>>>(x, out, rows, cols); }
