// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The kernel must not reach the array any other way: through another
// pointer that may alias it, or by passing it on.
#include <cuda_runtime.h>

__device__ void touch(unsigned int *p) { p[0] = 1; }

// 'px' and 'hist' are not __restrict__: the array may be read through px.
__global__ void histo_alias(int n, const unsigned char *px, unsigned int *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], 1u);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bin-array-private' is unknown: 'hist' may overlap memory the kernel accesses through another pointer (read 'px[i]': 'px' may alias 'hist' (not both __restrict__)); assert it with --assume=noalias:hist if it is true [KL1705]

// The array escapes into a call.
__global__ void histo_passes(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], 1u);
  if (i == 0)
    touch(hist);
}
// CHECK-MESSAGES: :[[@LINE-4]]:5: error: cannot apply 'privatize-shared' (forward) at site 2: precondition 'bin-array-private' fails: the kernel also uses 'hist' otherwise ('hist': passed to 'touch'): it would see the block's updates only after the merge [KL1705]
