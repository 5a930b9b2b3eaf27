// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// A warp owns each row (8 rows per 256-thread block), but the sum goes
// through a block reduction (shuffles, a shared stage across the block's
// warps): it adds eight rows together. One thread per row would not.
#include <cuda_runtime.h>

__global__ void mixed_rows(const int *x, int *out, int rows, int cols) {
  __shared__ int partial[8];
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'block-per-row' fails: a warp owns each row, but the warp shuffles (__shfl_down_syn{{.*}} [KL1808]
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  if (row >= rows)
    return;
  int s = 0;
  for (int c = lane; c < cols; c += 32)
    s += x[row * cols + c];
  for (int o = 16; o > 0; o /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the statement in question [here]
    s += __shfl_down_sync(0xffffffffu, s, o);
  if (lane == 0)
    partial[warp] = s;
  __syncthreads();
  if (warp == 0) {
    s = lane < 8 ? partial[lane] : 0;
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
  }
  if (threadIdx.x == 0)
    out[row] = s;
}

void launch(const int *x, int *out, int rows, int cols) { mixed_rows<<<(rows + 7) / 8, 256>>>(x, out, rows, cols); }
