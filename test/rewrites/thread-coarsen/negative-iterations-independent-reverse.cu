// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// A grid-stride loop that accumulates across its elements is a reduction,
// not an elementwise loop: one element per thread would lose the sum.
#include <cuda_runtime.h>

__global__ void sum(const float *x, float *out, int n) {
  float s = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    s += x[i];
  atomicAdd(out, s);
}
// CHECK-MESSAGES: :[[@LINE-4]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'iterations-independent' fails: 's' is declared outside the element code and written in it (line [[@LINE-3]]): it carries a value from one element to the next [KL1601]

void run(const float *x, float *out, int n) { sum<<<264, 256>>>(x, out, n); }
