// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Staging reads a tile's elements on every step for every thread that
// shares them. A read the loop makes only under a condition of its body
// would be staged where the loop never reads (past a band here); a guard
// term that mixes the row and the column (the lower triangle) can neither
// bound the staging of the row operand (threads of a row disagree on it)
// nor be dropped (it bounds the row).
#include <cuda_runtime.h>

__global__ void banded(int n, int w, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'loads-in-footprint' fails: line [[@LINE+2]] ('a[y * n + k]') runs only under line [[@LINE+1]] ('k < w'): staging it on every step would read elements the loop does not [KL2506]
    if (k < w)
      s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s;
}

__global__ void lower_triangle(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (y < n && x <= y) {
    float s = 0;
    for (int k = 0; k < n; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'loads-in-footprint' fails: the guard's term line [[@LINE-3]] ('x <= y') depends on threadIdx.x and threadIdx.y: the staging of line [[@LINE+1]] ('a[y * n + k]') can neither keep it (it varies across the threads that share an element) nor drop it (it bounds the element's own index) [KL2506]
      s += a[y * n + k] * b[k * n + x];
    c[y * n + x] = s;
  }
}

void run(int n, int w, const float *a, const float *b, float *c) {
  dim3 g((n + 15) / 16, (n + 15) / 16), t(16, 16);
  banded<<<g, t>>>(n, w, a, b, c);
  lower_triangle<<<g, t>>>(n, a, b, c);
}
