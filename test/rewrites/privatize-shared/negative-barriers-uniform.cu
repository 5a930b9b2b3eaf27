// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The inserted barriers are reached by every thread only if the kernel's
// own barriers are: one under a thread-varying condition is not.
#include <cuda_runtime.h>

__global__ void divergent(int n, const unsigned char *__restrict__ px, unsigned int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __syncthreads();
    atomicAdd(&hist[px[i]], 1u);
  }
}
// CHECK-MESSAGES: :[[@LINE-3]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'barriers-uniform' fails: a barrier of the kernel is not reached by every thread of the block (not every thread reaches this barrier: the if condition `i < n` is varying: 'i': threadIdx.x differs between threads); the merge's barrier would wait on threads that left [KL1709]
