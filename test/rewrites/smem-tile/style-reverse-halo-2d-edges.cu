// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// Style: a 2-D halo tile staged the hand-written way: the centre by every
// thread, the four edges by the first R threads of each axis (five stores,
// thread-index aliases, macros for the radius and the block). Every store
// stages slot (row, column) from in[(16 * blockIdx.y + row) * W +
// 16 * blockIdx.x + column]: one offset, pitch W. The tap nest then reads
// the elements themselves.
#include <cuda_runtime.h>
#define R 1
#define BX 16
#define BY 16
__global__ void blur2d(int W, int H, const float *in, float *out) {
  __shared__ float tile[BY + 2 * R][BX + 2 * R];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx + R, y = blockIdx.y * BY + ty + R;
  tile[ty + R][tx + R] = in[y * W + x];
  if (tx < R) {
    tile[ty + R][tx] = in[y * W + x - R];
    tile[ty + R][tx + BX + R] = in[y * W + x + BX];
  }
  if (ty < R) {
    tile[ty][tx + R] = in[(y - R) * W + x];
    tile[ty + BY + R][tx + R] = in[(y + BY) * W + x];
  }
  __syncthreads();
  float s = 0.f;
  for (int dy = -R; dy <= R; ++dy)
    for (int dx = -R; dx <= R; ++dx)
      s += tile[ty + R + dy][tx + R + dx];
  out[y * W + x] = s;
}
// CHECK-FIXES:      {{^}}__global__ void blur2d(int W, int H, const float *in, float *out) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  const int tx = threadIdx.x, ty = threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  const int x = blockIdx.x * BX + tx + R, y = blockIdx.y * BY + ty + R;{{$}}
// CHECK-FIXES-NEXT: {{^}}  float s = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int dy = -R; dy <= R; ++dy){{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int dx = -R; dx <= R; ++dx){{$}}
// CHECK-FIXES-NEXT: {{^}}      s += in[16 * blockIdx.x + 16 * blockIdx.y * W + (ty + R + dy) * W + (tx + R + dx)];{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[y * W + x] = s;{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}
void run(int W, int H, const float *in, float *out) {
  blur2d<<<dim3((W - 2) / BX, (H - 2) / BY), dim3(BX, BY)>>>(W, H, in, out);
}
