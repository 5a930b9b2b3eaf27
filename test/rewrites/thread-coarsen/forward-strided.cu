// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=mode=strided --option=factor=8 --assume=max:relu.n:100000000
// REQUIRES: nvcc
// mode=strided: block b's threads handle the tile of 8 * blockDim.x
// elements from 8 * b * blockDim.x, thread t the elements t, t + blockDim.x,
// ... (coalesced at every step). The index starts at 8 * (id) - 7 *
// threadIdx.x and steps by blockDim.x; the guarded code moves into the
// lane loop unchanged, an early return's own `return` becomes `break`
// (later elements are past the bound too), other returns `continue`.
// A 32-bit index needs the bound's maximum (index-wide-enough); a 64-bit
// one does not.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void relu(const float *in, float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i];
  if (v > 0.f) {
    out[i] = v;
    return;
  }
  out[i] = 0.f;
}
// CHECK-FIXES: {{^}}  int i = 8 * (blockIdx.x * blockDim.x + threadIdx.x) - 7 * threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 8; ++k, i += blockDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i >= n) break;{{$}}
// CHECK-FIXES-NEXT: {{^}}    float v = in[i];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (v > 0.f) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      out[i] = v;{{$}}
// CHECK-FIXES-NEXT: {{^}}      continue;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    out[i] = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

__global__ void to_half_range(const float *in, float *out, size_t n, float scale) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = fminf(fmaxf(in[i] * scale, -65504.f), 65504.f);
}
// CHECK-FIXES: {{^}}  size_t i = 8 * ((size_t)blockIdx.x * blockDim.x + threadIdx.x) - 7 * threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 8; ++k, i += blockDim.x) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i < n) out[i] = fminf(fmaxf(in[i] * scale, -65504.f), 65504.f);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void run(const float *x, float *y, int n, cudaStream_t s) {
  dim3 block(256);
  dim3 grid((n + block.x - 1) / block.x);
  relu<<<grid, block, 0, s>>>(x, y, n);
  to_half_range<<<(n + 255) / 256, 256>>>(x, y, n, 0.5f);
}
// CHECK-FIXES: {{^}}  relu<<<dim3((grid.x + 7) / 8, grid.y, grid.z), block, 0, s>>>(x, y, n);{{$}}
// CHECK-FIXES-NEXT: {{^}}  to_half_range<<<((n + 255) / 256 + 7) / 8, 256>>>(x, y, n, 0.5f);{{$}}
