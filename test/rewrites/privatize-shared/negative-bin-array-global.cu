// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The array must be a pointer parameter of the kernel: a __device__ array
// may be used by other kernels and the host where the rewrite cannot see.
#include <cuda_runtime.h>

__device__ unsigned int g_hist[256];

__global__ void histo_global(int n, const unsigned char *__restrict__ px) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&g_hist[px[i]], 1u);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bin-array-global' fails: 'g_hist' is a __device__ array, not a kernel parameter: other kernels and the host may use it where this rewrite cannot see [KL1701]
