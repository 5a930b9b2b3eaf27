// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse: every element of a thread must be handled as the others are. A
// consecutive tail loop that differs from the lane loop treats the last
// n % 4 elements differently; one thread per element cannot say so.
#include <cuda_runtime.h>

__global__ void odd_tail(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    for (int k = 0; k < 4; ++k) y[4 * i + k] = x[4 * i + k];
  } else if (i == n / 4) {
    for (int k = 0; k < n % 4; ++k) y[4 * i + k] = 0.f;
  }
}
// CHECK-MESSAGES: :[[@LINE-6]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'tail-handled' fails: the tail loop's body (line [[@LINE-3]]) differs from the lane loop's: the tail elements are handled differently [KL1605]

void run(const float *x, float *y, int n) { odd_tail<<<(n / 4 + 255) / 256, 256>>>(x, y, n); }
