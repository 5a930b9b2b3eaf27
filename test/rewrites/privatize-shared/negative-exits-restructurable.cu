// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// Every thread must reach the merge: a return inside a loop is not a
// top-level guard that can enclose the rest of the body.
#include <cuda_runtime.h>

__global__ void stop_at_zero(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (px[i] == 0)
      return;
    atomicAdd(&hist[px[i]], 1u);
  }
}
// CHECK-MESSAGES: :[[@LINE-3]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'exits-restructurable' fails: a thread may leave the kernel early at line [[@LINE-4]], not by a top-level 'if (...) return;': it would skip the merge and its barrier [KL1710]
