// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse
// REQUIRES: nvcc
// The bundled AXPY candidate's style: a grid-stride loop over long long
// with casts in the start and the step, launched with a grid clamped to
// 16 blocks per SM. Reverse gives one element per thread and rewrites the
// clamped grid to cover n.
#include <cuda_runtime.h>

__global__ void axpy_kernel(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}
// CHECK-FIXES: {{^}}  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n){{$}}
// CHECK-FIXES-NEXT: {{^}}    y[i] = a * x[i] + y[i];{{$}}

void axpy_launch(int n, float a, const float *x, float *y) {
  if (n <= 0) return;
  int block = 256;
  long long blocks = (n + block - 1) / block;
  int grid = (int)(blocks < 132 * 16 ? blocks : 132 * 16);
  axpy_kernel<<<grid, block>>>(n, a, x, y);
}
// CHECK-FIXES: {{^}}  axpy_kernel<<<(n + block - 1) / block, block>>>(n, a, x, y);{{$}}
