// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse --expect-exit=2
// Reverse turns `continue` into `return`; a `break` (or `return`) on data
// ends the thread's later elements too, which one thread per element
// cannot express.
#include <cuda_runtime.h>

__global__ void until_nan(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (x[i] != x[i])
      break;
    y[i] = x[i];
  }
}
// CHECK-MESSAGES: :[[@LINE-6]]:3: error: cannot apply 'thread-coarsen' (reverse) at site 1: precondition 'exits-convertible' fails: the break ends every later element of the thread, not just this one (line [[@LINE-4]]) [KL1607]

void run(const float *x, float *y, int n) { until_nan<<<264, 256>>>(x, y, n); }
