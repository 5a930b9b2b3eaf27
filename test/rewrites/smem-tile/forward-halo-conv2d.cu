// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// A stencil: thread (ty, tx) reads in[(y + i - 2) * W + x + j - 2] over taps
// i, j in 0..4, so no two threads read one element on the same tap, but
// neighbours share it through the halo. The nest's site stages, once before
// it, a (16 + 4) x (16 + 4) tile: each thread strides over the slots from
// its own, the element staged under the read's own condition (restated for
// the slot) and the guard's terms at the lowest thread that reads it (an
// upper bound). The filter's address reaches no thread or block index:
// threads the split guard lets in read what every thread reads.
#include <cuda_runtime.h>

__global__ void conv2d_naive_kernel(int H, int W, const float *in, const float *filt, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) {
    float sum = 0.0f;
    for (int i = 0; i < 5; ++i) {
      for (int j = 0; j < 5; ++j) {
        int yy = y + i - 2;
        int xx = x + j - 2;
        if (yy >= 0 && yy < H && xx >= 0 && xx < W)
          sum += filt[i * 5 + j] * in[yy * W + xx];
      }
    }
    out[y * W + x] = sum;
  }
}
// CHECK-FIXES:      {{^}}  int y = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  float sum = 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float in_tile[20][20];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int halo_y = threadIdx.y; halo_y < 20; halo_y += 16){{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int halo_x = threadIdx.x; halo_x < 20; halo_x += 16){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (((blockIdx.y * blockDim.y + halo_y) + 0 - 2) >= 0 && ((blockIdx.y * blockDim.y + halo_y) + 0 - 2) < H && ((blockIdx.x * blockDim.x + halo_x) + 0 - 2) >= 0 && ((blockIdx.x * blockDim.x + halo_x) + 0 - 2) < W && (blockIdx.x * blockDim.x + max(halo_x - 4, 0)) < W && (blockIdx.y * blockDim.y + max(halo_y - 4, 0)) < H){{$}}
// CHECK-FIXES-NEXT: {{^}}        in_tile[halo_y][halo_x] = in[((blockIdx.y * blockDim.y + halo_y) + 0 - 2) * W + ((blockIdx.x * blockDim.x + halo_x) + 0 - 2)];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 5; ++i) {{{$}}
// CHECK-FIXES:      {{^}}        sum += filt[i * 5 + j] * in_tile[threadIdx.y + i][threadIdx.x + j];{{$}}
// CHECK-FIXES:      {{^}}  if (x < W && y < H) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    out[y * W + x] = sum;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void conv2d(int H, int W, const float *in, const float *filt, float *out) {
  dim3 block(16, 16);
  dim3 grid((W + 15) / 16, (H + 15) / 16);
  conv2d_naive_kernel<<<grid, block>>>(H, W, in, filt, out);
}
