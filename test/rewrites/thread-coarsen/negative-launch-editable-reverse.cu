// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse must make every launch cover the bound: without the launches it
// cannot (unknown; --assume=grid-edit-external:KERNEL settles it).
#include <cuda_runtime.h>

__global__ void fill(float *y, float v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = v;
}
// CHECK-MESSAGES: :[[@LINE-3]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'launch-editable' is unknown: no launch of 'fill' is in this file; its grid must change with the rewrite; assert it with --assume=grid-edit-external:fill if it is true [KL1604]
