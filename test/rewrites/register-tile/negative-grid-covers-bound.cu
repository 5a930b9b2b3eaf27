// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2
// A fixed grid of 8 x 8 blocks for any n: the original computes only the
// first 128 rows and columns; the divided grid's copies would reach past
// them (up to the guard's n), writing outputs the original never wrote.
#include <cuda_runtime.h>

__global__ void fixed_grid(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 1: precondition 'grid-covers-bound' is unknown: the tiled grid's last blocks run indices past the original grid; they do nothing only if the original grid is the ceil-division of the guard's bound by the block; at the <<<>>> launch at line [[@LINE+12]] in 'launch' the grid's x (8) is not read as the ceil-division of the column bound by the block; no single --assume fact settles it (only --assume=all asserts every unknown) [KL2607]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
  }
}

void launch(int n, const float *a, const float *b, float *c) {
  fixed_grid<<<dim3(8, 8), dim3(16, 16)>>>(n, a, b, c);
}
