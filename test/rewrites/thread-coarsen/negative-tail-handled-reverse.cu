// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse: every element of a thread must be handled as the others are. A
// consecutive tail loop that differs from the lane loop treats the last
// n % 4 elements differently; one thread per element cannot say so. A
// group-guarded kernel bounds its last group only when n is a multiple of 4.
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

// One test per group of 4 (llm.c's packs): without knowing n a multiple of
// 4, the last group's other elements run past n, and one element per
// thread would stop at n: unknown, settled by --assume=multiple:n:4.
__global__ void group_test(const float *x, float *y, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i < n) {
    for (int k = 0; k < 4; ++k)
      y[i + k] = 2.f * x[i + k];
  }
}
// CHECK-MESSAGES: :[[@LINE-5]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 2: precondition 'tail-handled' is unknown: the test 'i < n' checks each group's first element only: its other 3 elements run past 'n' unless 'n' is a multiple of 4, and one element per thread would stop at it; assert it with --assume=multiple:n:4 if it is true [KL1605]

void run(const float *x, float *y, int n) {
  odd_tail<<<(n / 4 + 255) / 256, 256>>>(x, y, n);
  group_test<<<(n + 1023) / 1024, 256>>>(x, y, n);
}
