// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2
// No launch in this file: the grid must shrink with the rewrite, and nothing
// here can shrink it (--assume=grid-edit-external:KERNEL says it is done
// elsewhere).
#include <cuda_runtime.h>

__global__ void no_launch(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 1: precondition 'launch-editable' is unknown: no launch of 'no_launch' is in this file; its grid must shrink with the rewrite; assert it with --assume=grid-edit-external:no_launch if it is true [KL1604]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
  }
}
