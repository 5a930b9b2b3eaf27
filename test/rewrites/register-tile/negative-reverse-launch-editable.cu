// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=reverse --expect-exit=2
// A register-blocked kernel with no launch in this file: one output per
// thread needs a grid four times taller, and nothing here can make it so.
#include <cuda_runtime.h>

__global__ void no_launch(int n, const float *a, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (reverse) at site 1: precondition 'reverse-launch-editable' is unknown: no launch of 'no_launch' is in this file; its grid must grow with the rewrite; assert it with --assume=grid-edit-external:no_launch if it is true [KL2613]
  int row = blockIdx.y * 4 * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[4];
  #pragma unroll
  for (int i = 0; i < 4; ++i)
    acc[i] = 0.0f;
  for (int k = 0; k < n; ++k) {
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      acc[i] += row + i * blockDim.y < n && col < n ? a[(row + i * blockDim.y) * n + k] * a[k * n + col] : 0.0f;
  }
  #pragma unroll
  for (int i = 0; i < 4; ++i)
    if (row + i * blockDim.y < n && col < n)
      c[(row + i * blockDim.y) * n + col] = acc[i];
}
