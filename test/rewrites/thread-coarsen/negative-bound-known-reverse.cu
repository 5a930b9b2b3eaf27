// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse needs the bound too: each thread tests it once, and the launch is
// made to cover it.
#include <cuda_runtime.h>

// The bound changes in the kernel.
__global__ void fill(float *y, float v, int n) {
  n /= 2;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = v;
}
// CHECK-MESSAGES: :[[@LINE-3]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'bound-known' fails: the bound reads 'n', which is modified at line [[@LINE-4]] [KL1602]

// A lane loop without a bound test: it relies on n being a multiple of
// 4 * the grid's threads; one thread per element has no bound to test.
__global__ void exact4(float *v, float f) {
  int idx = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  for (int j = 0; j < 4; ++j, ++idx)
    v[idx] *= f;
}
// CHECK-MESSAGES: :[[@LINE-3]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 2: precondition 'bound-known' fails: the loop body does not start with a bound test on 'idx' [KL1602]

void run(float *y, int n) {
  fill<<<132, 256>>>(y, 1.f, n);
  exact4<<<n / 1024, 256>>>(y, 2.f);
}
