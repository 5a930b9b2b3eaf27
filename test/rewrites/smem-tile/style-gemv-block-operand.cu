// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a one-dimensional block of doubles, unsigned counter: x[j] is a
// block operand (every thread reads it), staged by the block 128 elements a
// tile; A[i * cols + j] is one thread's row (no thread shares it) and stays
// a global read. (j0 names a math function of the CUDA headers; a local of
// that name in the kernel shadows nothing the kernel uses.)
// y = A * x, one thread per row of A, the launcher covering rows exactly (rows
// a multiple of THREADS): x[j] is the same for the whole block.
#include <cuda_runtime.h>
#define THREADS 128
__global__ void gemv_rows(const double *__restrict__ A, const double *__restrict__ x, double *__restrict__ y,
                          unsigned cols) {
  unsigned i = blockIdx.x * THREADS + threadIdx.x;
  double dot = 0.0;
  for (unsigned j = 0; j < cols; ++j)
    dot += A[(size_t)i * cols + j] * x[j];
  y[i] = dot;
}
// CHECK-FIXES:      {{^}}  __shared__ double x_tile[128];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (unsigned int j0 = 0; j0 < cols; j0 += 128) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (j0 + threadIdx.x < cols){{$}}
// CHECK-FIXES-NEXT: {{^}}      x_tile[threadIdx.x] = x[j0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (j0 + 127 < cols) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (unsigned int j = j0; j < j0 + 128; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}        dot += A[(size_t)i * cols + j] * x_tile[j - j0];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (unsigned int j = j0; j < j0 + 128 && j < cols; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}        dot += A[(size_t)i * cols + j] * x_tile[j - j0];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void gemv(const double *A, const double *x, double *y, unsigned rows, unsigned cols) {
  gemv_rows<<<rows / THREADS, THREADS>>>(A, x, y, cols);
}
