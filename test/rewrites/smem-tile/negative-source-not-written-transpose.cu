// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// An in-place transpose of a square matrix: the value is read from the
// array the kernel writes, so writing another thread's element after the
// barrier would move this block's writes past other blocks' reads.
#include <cuda_runtime.h>

__global__ void in_place(int n, float *a) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    a[x * n + y] = a[y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'source-not-written' fails: line [[@LINE-1]] ('a[y * n + x]') reads the array the kernel writes: the block's writes would move past other threads' reads [KL2503]
}

void run(int n, float *a) { in_place<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(n, a); }
