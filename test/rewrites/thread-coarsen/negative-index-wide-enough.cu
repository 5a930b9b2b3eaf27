// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2 -- --option=mode=grid-stride
// A 32-bit index on the grid-stride loop: the last step `i += blockDim.x *
// gridDim.x` passes n by up to the grid's thread count, which overflows
// int when n is near 2^31. Unknown unless the bound's maximum is asserted
// (--assume=max:KERNEL.N:M; the refusal names the largest M that is safe).
// A 16-bit index fails outright.
#include <cuda_runtime.h>

__global__ void axpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'index-wide-enough' is unknown: with 'n' up to 2147483647 the grid-stride loop's last index may reach {{[0-9]+}}, past what 'int' holds (2147483647); assert it with --assume=max:axpy.n:{{[0-9]+}} if it is true [KL1603]

__global__ void tiny(float *y, short n) {
  short i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 0.f;
}
// CHECK-MESSAGES: :[[@LINE-4]]:9: error: cannot apply 'thread-coarsen' (forward) at site 2: precondition 'index-wide-enough' fails: the index type 'short' is narrower than int [KL1603]

void run(int n, float a, const float *x, float *y) {
  axpy<<<(n + 255) / 256, 256>>>(n, a, x, y);
  tiny<<<1, 256>>>(y, (short)n);
}
