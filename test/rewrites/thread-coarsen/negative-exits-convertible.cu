// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2
// Forward turns each `return` of the element code into `continue`; one
// inside a loop of the element code would continue that loop instead.
#include <cuda_runtime.h>

__global__ void first_negative(const float *rows, int *where, int n, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  where[r] = -1;
  for (int c = 0; c < cols; ++c)
    if (rows[r * cols + c] < 0.f) {
      where[r] = c;
      return;
    }
}
// CHECK-MESSAGES: :[[@LINE-9]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'exits-convertible' fails: the return is inside a loop of the element code: 'continue' there would continue that loop (line [[@LINE-3]]) [KL1607]

void run(const float *x, int *w, int n, int cols) { first_negative<<<(n + 127) / 128, 128>>>(x, w, n, cols); }
