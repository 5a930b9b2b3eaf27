// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2 -- --assume=reassociate
// The row is threadIdx.y of a 2-D block, but the block is 64 threads wide:
// threadIdx.x is not the lane, a row spans two warps and the warp
// reduction combines only half of it. Refused.
#include <cuda_runtime.h>

__global__ void row_sum_2d(const float *x, float *out, int rows, int cols) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'block-per-row' fails: the row is the block's threadIdx.y, but its blocks are (64, 2, 1): threadIdx.x is the lane only in blocks 32 threads wide [KL1808]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the statement in question [here]
  if (row >= rows)
    return;
  float s = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += x[row * cols + c];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  if (threadIdx.x == 0)
    out[row] = s;
}

void row_sum_2d_launch(const float *x, float *out, int rows, int cols) {
  dim3 block(64, 2);
  row_sum_2d<<<(rows + 1) / 2, block>>>(x, out, rows, cols);
}
