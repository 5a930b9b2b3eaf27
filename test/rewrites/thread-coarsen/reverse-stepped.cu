// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse
// REQUIRES: nvcc
// Hand-written C-per-thread loops: an index set to C * (id) (consecutive,
// stepping by 1) or C * blockIdx.x * blockDim.x + threadIdx.x (strided,
// stepping by blockDim.x), a lane loop over j < C whose body starts with
// the bound test. The index becomes the global id, the loop its body; a
// `break`/`return` of the bound test becomes `return`, the `#pragma unroll`
// line goes. The grid, sized for C elements per thread, is rewritten to
// cover n one per thread.
#include <cuda_runtime.h>

__global__ void scale4(float *v, float f, int n) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  for (int j = 0; j < 4; j++, idx++) {
    if (idx < n)
      v[idx] *= f;
  }
}
// CHECK-FIXES: {{^}}__global__ void scale4(float *v, float f, int n) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  int idx = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (idx < n){{$}}
// CHECK-FIXES-NEXT: {{^}}    v[idx] *= f;{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

__global__ void neg_tile(const float *in, float *out, unsigned n) {
  unsigned idx = blockIdx.x * blockDim.x * 8 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 8; ++j, idx += blockDim.x) {
    if (idx >= n) break;
    out[idx] = -in[idx];
  }
}
// CHECK-FIXES: {{^}}__global__ void neg_tile(const float *in, float *out, unsigned n) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (idx >= n) return;{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[idx] = -in[idx];{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void host(int n, float f, const float *x, float *y) {
  scale4<<<(n / 4 + 255) / 256, 256>>>(y, f, n);
  dim3 blk(128);
  neg_tile<<<(n + 1023) / 1024, blk>>>(x, y, n);
}
// CHECK-FIXES: {{^}}  scale4<<<(n + 255) / 256, 256>>>(y, f, n);{{$}}
// CHECK-FIXES: {{^}}  neg_tile<<<(n + 127) / 128, blk>>>(x, y, n);{{$}}
