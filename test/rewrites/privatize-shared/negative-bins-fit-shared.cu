// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward --expect-exit=2
// The copy must fit the shared-memory budget: 65536 64-bit bins are 512 KiB.
#include <cuda_runtime.h>

__global__ void histo16(int n, const unsigned short *__restrict__ px, unsigned long long *__restrict__ hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[px[i]], 1ull);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 1: precondition 'bins-fit-shared' fails: 524288 bytes for 65536 'unsigned long long' bins and the kernel's own 0 bytes exceed the budget of 49152 bytes per block (option shared-budget) [KL1708]

// 4096 bins fit alone, not with the kernel's own 40 KiB tile.
__global__ void histo_tiled(int n, const unsigned short *__restrict__ px, unsigned int *__restrict__ hist) {
  __shared__ float tile[10240];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = 0.f;
  __syncthreads();
  if (i < n)
    atomicAdd(&hist[px[i] & 4095], 1u);
}
// CHECK-MESSAGES: :[[@LINE-2]]:5: error: cannot apply 'privatize-shared' (forward) at site 2: precondition 'bins-fit-shared' fails: 16384 bytes for 4096 'unsigned int' bins and the kernel's own 40960 bytes exceed the budget of 49152 bytes per block (option shared-budget) [KL1708]
