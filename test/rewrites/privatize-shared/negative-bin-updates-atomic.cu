// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// Every write of the array must be an atomic: a plain store or '+=' would
// race with the other blocks' merges, and the block's copy would not see it.
#include <cuda_runtime.h>

__global__ void histo_reset(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], 1u);
  if (i == 0)
    hist[0] = 0;
}
// CHECK-MESSAGES: :[[@LINE-4]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bin-updates-atomic' fails: 'hist' is also written without an atomic ('hist': plain store 'hist[0] = 0'): another block's copy would not see it, and it races with the atomics [KL1702]

__global__ void histo_mixed(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], 1u);
  if (i < 8)
    hist[px[i] & 7] += 2;
}
// CHECK-MESSAGES: :[[@LINE-4]]:5: error: cannot apply 'privatize-shared' (forward) at site 2: precondition 'bin-updates-atomic' fails: 'hist' is also written without an atomic ('hist': plain update 'hist[px[i] & 7] += 2'): another block's copy would not see it, and it races with the atomics [KL1702]
