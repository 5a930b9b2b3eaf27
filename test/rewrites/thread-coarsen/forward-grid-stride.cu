// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=mode=grid-stride --assume=max:add3.n:268435456
// REQUIRES: nvcc
// mode=grid-stride: the index's declaration moves into the loop header
// (const dropped), the bound test becomes the loop condition, the step is
// the grid's thread count (cast to a 64-bit index's type, whose product
// could pass 2^32), and the grid is divided by the factor. A flattened 2-D
// grid steps by blockDim.x * gridDim.x * gridDim.y.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void add3(const float *a, const float *b, const float *c, float *d, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    d[i] = a[i] + b[i] + c[i];
  }
}
// CHECK-FIXES: {{^}}__global__ void add3(const float *a, const float *b, const float *c, float *d, int n) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    d[i] = a[i] + b[i] + c[i];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

__global__ void fill2d(float *p, int64_t n, float v) {
  int64_t i = (blockIdx.y * (int64_t)gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  p[i] = v;
}
// CHECK-FIXES: {{^}}  for (int64_t i = (blockIdx.y * (int64_t)gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x * gridDim.y) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    p[i] = v;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void run(const float *a, float *d, int n) {
  add3<<<(n + 255) / 256, 256>>>(a, a, a, d, n);
  dim3 g(1024, (n + 1024 * 256 - 1) / (1024 * 256));
  fill2d<<<g, 256>>>(d, n, 1.f);
}
// CHECK-FIXES: {{^}}  add3<<<((n + 255) / 256 + 3) / 4, 256>>>(a, a, a, d, n);{{$}}
// CHECK-FIXES: {{^}}  fill2d<<<dim3((g.x + 3) / 4, g.y, g.z), 256>>>(d, n, 1.f);{{$}}
