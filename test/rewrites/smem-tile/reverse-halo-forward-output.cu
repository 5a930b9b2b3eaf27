// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// The reverse of a halo tile staged by this pair's forward (the 1-D stencil
// of style-stencil-1d-early-return.cu): the staging loop's counter is the
// slot, so a read of slot threadIdx.x + t + 3 is the staged element with the
// counter replaced, under the staging's condition (threads the split guard
// let in read past the array's ends without it). Not the original text: the
// early return stays split and the condition stays a selection.
#include <cuda_runtime.h>
#define R 3
__global__ void stencil_1d(int n, const float *in, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  __shared__ float in_tile[262];
  for (int halo_x = threadIdx.x; halo_x < 262; halo_x += 256)
    if ((blockIdx.x * blockDim.x + min(halo_x, 255)) >= R && (blockIdx.x * blockDim.x + max(halo_x - 6, 0)) < n - R)
      in_tile[halo_x] = in[(blockIdx.x * blockDim.x + halo_x) + (-3)];
  __syncthreads();
  for (int t = -R; t <= R; ++t)
    s += w[t + R] * in_tile[threadIdx.x + t + 3];
  if (i >= R && i < n - R) {
    out[i] = s;
  }
}
// CHECK-FIXES:      {{^}}  float s = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int t = -R; t <= R; ++t){{$}}
// CHECK-FIXES-NEXT: {{^}}    s += w[t + R] * ((blockIdx.x * blockDim.x + min(threadIdx.x + t + 3, 255)) >= R && (blockIdx.x * blockDim.x + max(threadIdx.x + t + 3 - 6, 0)) < n - R ? in[(blockIdx.x * blockDim.x + threadIdx.x + t + 3) + (-3)] : 0);{{$}}
void stencil(int n, const float *in, const float *w, float *out) {
  stencil_1d<<<(n + 255) / 256, 256>>>(n, in, w, out);
}
