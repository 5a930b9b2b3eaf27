// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2
// No guard bounds the indices (the kernel relies on an exact grid): the
// divided grid's last block would compute rows and columns the original
// grid never ran, past the matrices.
#include <cuda_runtime.h>

__global__ void unguarded(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: cannot apply 'register-tile' (forward) at site 1: precondition 'tail-guarded' fails: line [[@LINE+5]] ('a[row * n + k]') touches memory for each row while no guard bounds 'row' there: the tiled grid runs rows the original grid did not [KL2602]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += a[row * n + k] * b[k * n + col];
  c[row * n + col] = s;
}

void launch(int n, const float *a, const float *b, float *c) {
  unguarded<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(n, a, b, c);
}
