// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a 1-D stencil of radius R (a macro) over taps t from -R to R, the
// ends left alone by an early return. The input in[i + t] is shared by
// neighbouring threads through the halo: a tile of 256 + 2R elements, staged
// by a loop over the block. The return's two terms become staging bounds at
// the thread nearest the element that reads it: `i >= R` (holds for high
// threads) at min(slot, 255), `i < n - R` (holds for low ones) at
// max(slot - 2R, 0). The weights w[t + R] reach no thread index: left in
// global memory. What followed the return runs under its negation.
#include <cuda_runtime.h>
#define R 3
__global__ void stencil_1d(int n, const float *in, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < R || i >= n - R) return;
  float s = 0.f;
  for (int t = -R; t <= R; ++t)
    s += w[t + R] * in[i + t];
  out[i] = s;
}
// CHECK-FIXES:      {{^}}  float s = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float in_tile[262];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int halo_x = threadIdx.x; halo_x < 262; halo_x += 256){{$}}
// CHECK-FIXES-NEXT: {{^}}    if ((blockIdx.x * blockDim.x + min(halo_x, 255)) >= R && (blockIdx.x * blockDim.x + max(halo_x - 6, 0)) < n - R){{$}}
// CHECK-FIXES-NEXT: {{^}}      in_tile[halo_x] = in[(blockIdx.x * blockDim.x + halo_x) + (-3)];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int t = -R; t <= R; ++t){{$}}
// CHECK-FIXES-NEXT: {{^}}    s += w[t + R] * in_tile[threadIdx.x + t + 3];{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i >= R && i < n - R) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    out[i] = s;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void stencil(int n, const float *in, const float *w, float *out) {
  stencil_1d<<<(n + 255) / 256, 256>>>(n, in, w, out);
}
