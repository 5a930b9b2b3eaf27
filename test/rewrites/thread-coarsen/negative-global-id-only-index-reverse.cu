// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse: a body that reads the block index, or a lane counter, depends
// on which thread (or lane) handles the element.
#include <cuda_runtime.h>

__global__ void per_block(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] + blockIdx.x;
}
// CHECK-MESSAGES: :[[@LINE-3]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'global-id-only-index' fails: 'blockIdx.x' at line [[@LINE-2]] is read outside the global id: the rewrite changes which thread handles an element [KL1606]

__global__ void lane_weighted(float *y, int n) {
  int idx = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  for (int j = 0; j < 4; ++j, ++idx) {
    if (idx < n)
      y[idx] = j;
  }
}
// CHECK-MESSAGES: :[[@LINE-5]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 2: precondition 'global-id-only-index' fails: the lane counter 'j' is read at line [[@LINE-3]]; one element per thread has no lane number [KL1606]

void run(const float *x, float *y, int n) {
  per_block<<<264, 256>>>(x, y, n);
  lane_weighted<<<(n / 4 + 255) / 256, 256>>>(y, n);
}
