// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2
// Threads past the bound must do nothing: with C elements per thread, an
// else branch or a statement after the guarded code would run once per
// thread where it ran for every thread past the bound (or for every thread).
#include <cuda_runtime.h>

__global__ void padded(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i];
  else
    y[i] = 0.f;
}
// CHECK-MESSAGES: :[[@LINE-6]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'tail-handled' fails: the bound test has an else branch (line [[@LINE-2]]): threads past the bound do work of their own [KL1605]

__global__ void flagged(const float *x, float *y, int *done, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i];
  if (i == 0)
    *done = 1;
}
// CHECK-MESSAGES: :[[@LINE-6]]:7: error: cannot apply 'thread-coarsen' (forward) at site 2: precondition 'tail-handled' fails: the statement 'if (i == 0) *done = 1' at line [[@LINE-3]] follows the guarded code and runs once per thread, not per element [KL1605]

void run(const float *x, float *y, int *d, int n) {
  padded<<<(n + 255) / 256, 256>>>(x, y, n);
  flagged<<<(n + 255) / 256, 256>>>(x, y, d, n);
}
