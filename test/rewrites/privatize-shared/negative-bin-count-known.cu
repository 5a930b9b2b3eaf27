// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The bin count must be known at compile time (the copy is a static
// __shared__ array): a 64-bit key bounds nothing. --assume=bins:hist:N
// would settle it.
#include <cuda_runtime.h>

__global__ void keyed(int n, const long long *__restrict__ keys, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[keys[i]], 1u);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bin-count-known' is unknown: nothing bounds the index 'keys[i]' (it may be as large as [-inf, +inf]): the bin count is not known at compile time; assert it with --assume=bins:hist:N if it is true [KL1706]
