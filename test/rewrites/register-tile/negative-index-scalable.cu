// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=reverse --expect-exit=2
// Strided copies of `row` whose block offset has no factor 4 to drop (the
// block spans 64 rows through a launch-time constant): the reverse cannot
// tell what one thread per output's index would be.
#include <cuda_runtime.h>

__global__ void span_param(int n, int span, const float *a, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (reverse) at site 1: precondition 'index-scalable' fails: the strided index 'row' (line [[@LINE+1]] ('blockIdx.y * span + threadIdx.y')) has no factor 4 of its block offset (`blockIdx * TM * S`) to drop [KL2612]
  int row = blockIdx.y * span + threadIdx.y;
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

void launch(int n, const float *a, float *c) {
  dim3 block(16, 16), grid((n + 15) / 16, (n + 63) / 64);
  span_param<<<grid, block>>>(n, 64, a, c);
}
