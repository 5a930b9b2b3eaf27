// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a 5 x 5 box blur written another way: a 32 x 8 block with constant
// block offsets (`blockIdx.x * 32 + tx` through thread-index aliases), taps
// from -RAD to RAD (a constexpr) with post-increments and `#pragma unroll`,
// the image bounds in a flag (`const bool inside = ...`) used by a
// zero-padding selection, size_t row offsets, and an early return. The halo
// tile is (8 + 4) x (32 + 4); the flag's terms are restated for the slot;
// the pragmas stay on the nest.
#include <cuda_runtime.h>
constexpr int RAD = 2;
__global__ void box_blur(const float *__restrict__ src, float *__restrict__ dst, int width, int height) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  const int row = blockIdx.y * 8 + ty;
  if (col >= width || row >= height)
    return;
  float acc = 0.f;
#pragma unroll
  for (int dy = -RAD; dy <= RAD; dy++) {
#pragma unroll
    for (int dx = -RAD; dx <= RAD; dx++) {
      const int r = row + dy, c = col + dx;
      const bool inside = r >= 0 && r < height && c >= 0 && c < width;
      acc += inside ? src[(size_t)r * width + c] : 0.f;
    }
  }
  dst[(size_t)row * width + col] = acc * (1.f / ((2 * RAD + 1) * (2 * RAD + 1)));
}
// CHECK-FIXES:      {{^}}  float acc = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float src_tile[12][36];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int halo_y = threadIdx.y; halo_y < 12; halo_y += 8){{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int halo_x = threadIdx.x; halo_x < 36; halo_x += 32){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (((blockIdx.y * 8 + (halo_y)) + (-2)) >= 0 && ((blockIdx.y * 8 + (halo_y)) + (-2)) < height && ((blockIdx.x * 32 + (halo_x)) + (-2)) >= 0 && ((blockIdx.x * 32 + (halo_x)) + (-2)) < width && (blockIdx.x * 32 + ((max(halo_x - 4, 0)))) < width && (blockIdx.y * 8 + ((max(halo_y - 4, 0)))) < height){{$}}
// CHECK-FIXES-NEXT: {{^}}        src_tile[halo_y][halo_x] = src[(size_t)((blockIdx.y * 8 + (halo_y)) + (-2)) * width + ((blockIdx.x * 32 + (halo_x)) + (-2))];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int dy = -RAD; dy <= RAD; dy++) {{{$}}
// CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int dx = -RAD; dx <= RAD; dx++) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      const int r = row + dy, c = col + dx;{{$}}
// CHECK-FIXES-NEXT: {{^}}      const bool inside = r >= 0 && r < height && c >= 0 && c < width;{{$}}
// CHECK-FIXES-NEXT: {{^}}      acc += inside ? src_tile[threadIdx.y + dy + 2][threadIdx.x + dx + 2] : 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (col < width && row < height) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    dst[(size_t)row * width + col] = acc * (1.f / ((2 * RAD + 1) * (2 * RAD + 1)));{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void blur(const float *src, float *dst, int w, int h) {
  box_blur<<<dim3((w + 31) / 32, (h + 7) / 8), dim3(32, 8)>>>(src, dst, w, h);
}
