// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=3
// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=3
// No global thread id (a per-block kernel), and no grid-stride or lane
// loop: no site in either direction.
#include <cuda_runtime.h>

__global__ void per_block(const float *x, float *y, int cols) {
  int row = blockIdx.x;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[row * cols + c] = x[row * cols + c];
}
