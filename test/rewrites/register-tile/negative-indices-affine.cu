// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2
// The thread's position read other than through the indices: with several
// outputs per thread, `threadIdx.x` no longer names the output's column.
#include <cuda_runtime.h>

__global__ void position_elsewhere(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 1: precondition 'indices-affine' fails: line [[@LINE+8]] ('threadIdx.x') reads the thread's position other than through the indices; with several outputs per thread it would name the wrong one [KL2601]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += a[row * n + k] * b[k * n + col];
    // A bias by the thread's lane: a position read outside the indices.
    c[row * n + col] = s + threadIdx.x;
  }
}

void launch(int n, const float *a, const float *b, float *c) {
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  position_elsewhere<<<grid, block>>>(n, a, b, c);
}
