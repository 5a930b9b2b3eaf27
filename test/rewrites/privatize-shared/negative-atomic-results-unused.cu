// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The old value an atomic returns is the global count so far; the block's
// copy would return the block's count.
#include <cuda_runtime.h>

__global__ void rank_in_bin(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist,
                            unsigned int *__restrict__ rank) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    rank[i] = atomicAdd(&hist[px[i]], 1u);
}
// CHECK-MESSAGES: :[[@LINE-2]]:15: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'atomic-results-unused' fails: an atomic's returned value is used: the old count of the block's copy is not the global one [KL1704]
