// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// Every index must lie in [0, bins): a negative one would write before the
// shared copy (in global memory it was the caller's business).
#include <cuda_runtime.h>

__global__ void shifted(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i] - 16], 1u);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bin-index-in-range' is unknown: the index 'px[i] - 16' may lie outside [0, 240): it lies in [-16, 239]; a negative index would write outside the shared copy; assert it with --assume=bins:hist:240 if it is true [KL1707]
