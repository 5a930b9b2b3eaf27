// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse
// REQUIRES: nvcc
// Grid-stride loops (header declaration or assignment, the step spelled
// inline, through a stride variable, or with 64-bit casts) become one
// element per thread: the loop's start initialises the index, its condition
// guards the body, `continue` becomes `return`. Every launch's grid must
// cover the bound: a fixed grid (numSMs * 32, 1024) is rewritten to
// `(N + B - 1) / B` from the launch's own arguments and block.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void axpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (x[i] == 0.f)
      continue;
    y[i] = a * x[i] + y[i];
  }
}
// CHECK-FIXES: {{^}}  int stride = blockDim.x * gridDim.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (x[i] == 0.f){{$}}
// CHECK-FIXES-NEXT: {{^}}      return;{{$}}
// CHECK-FIXES-NEXT: {{^}}    y[i] = a * x[i] + y[i];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

__global__ void copy64(const float *src, float *dst, int64_t n) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x)
    dst[i] = src[i];
}
// CHECK-FIXES: {{^}}  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n){{$}}
// CHECK-FIXES-NEXT: {{^}}    dst[i] = src[i];{{$}}

__global__ void square(float *v, unsigned n) {
  unsigned i;
  for (i = threadIdx.x + blockDim.x * blockIdx.x; i < n; i = i + gridDim.x * blockDim.x)
    v[i] *= v[i];
}
// CHECK-FIXES: {{^}}  unsigned i;{{$}}
// CHECK-FIXES-NEXT: {{^}}  i = threadIdx.x + blockDim.x * blockIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n){{$}}
// CHECK-FIXES-NEXT: {{^}}    v[i] *= v[i];{{$}}

void host(int n, float a, const float *x, float *y, int numSMs, cudaStream_t st) {
  axpy<<<numSMs * 32, 256>>>(n, a, x, y);
  copy64<<<1024, 256, 0, st>>>(x, y, (int64_t)n);
  dim3 block(128);
  square<<<(n + 127) / 128, block>>>(y, n);
}
// CHECK-FIXES: {{^}}  axpy<<<(n + 255) / 256, 256>>>(n, a, x, y);{{$}}
// CHECK-FIXES-NEXT: {{^}}  copy64<<<(((int64_t)n) + 255) / 256, 256, 0, st>>>(x, y, (int64_t)n);{{$}}
// CHECK-FIXES-NEXT: {{^}}  dim3 block(128);{{$}}
// CHECK-FIXES-NEXT: {{^}}  square<<<(n + 127) / 128, block>>>(y, n);{{$}}
