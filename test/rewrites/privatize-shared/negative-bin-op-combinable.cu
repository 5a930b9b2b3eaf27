// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The updates must share one associative, commutative, device-scope
// operator on an integer (or, with --assume=reassociate, a float sum).
#include <cuda_runtime.h>

// A float sum regrouped per block rounds differently.
__global__ void weighted(int n, const unsigned char *__restrict__ px, const float *__restrict__ w,
                         float *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], w[i]);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bin-op-combinable' is unknown: a floating-point sum of 'float' is regrouped per block: the result changes by rounding; assert it with --assume=reassociate if it is true [KL1703]

// Two operators on one array: neither order of the merges is the original.
__global__ void two_ops(int n, const unsigned char *__restrict__ px, int *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&hist[px[i]], 1);
    atomicMax(&hist[px[i] ^ 1], i);
  }
}
// CHECK-MESSAGES: :[[@LINE-4]]:5: error: cannot apply 'privatize-shared' (forward) at site 2: precondition 'bin-op-combinable' fails: the updates combine with different operators ('atomicAdd' and 'atomicMax'): one merge cannot apply both [KL1703]

// An exchange is not a reduction.
__global__ void last_writer(int n, const unsigned char *__restrict__ px, int *__restrict__ owner) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicExch(&owner[px[i]], i);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 3: precondition 'bin-op-combinable' fails: 'atomicExch' is not a reduction: its result depends on the order of the updates [KL1703]
