// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse must make the grid cover n again: the fixed grid is rewritten to
// (N + B - 1) / B from the launch's own argument for n, which cannot be
// repeated when it has side effects.
#include <cuda_runtime.h>

__global__ void fill(float *y, float v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = v;
}
// CHECK-MESSAGES: :[[@LINE-3]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'grid-covers-elements' fails: the argument 'n++' for 'n' has side effects; it cannot be repeated in the grid [KL1608]

void run(float *y, int n) { fill<<<132 * 4, 256>>>(y, 1.f, n++); }
