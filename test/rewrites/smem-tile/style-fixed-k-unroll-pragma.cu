// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a compile-time trip count (KD), the counter i with i++, fmaf, an 8 x 8
// block whose rows come from blockIdx.x, no guard, and '#pragma unroll 4',
// which stays on the loop over a tile's steps. KD = 256 is a multiple of the
// tile's 8 steps: no step checks the bound, no staging load either.
// k++ counter named i, loop over a compile-time K with #pragma unroll 4, 8 x 8 block,
// row from blockIdx.x (the transposed grid), no guard.
#include <cuda_runtime.h>
#define KD 256
__global__ void mm_fixed(const float *__restrict__ w, const float *__restrict__ v, float *__restrict__ o, int cols) {
  const int r = blockIdx.x * blockDim.y + threadIdx.y;
  const int c = blockIdx.y * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll 4
  for (int i = 0; i < KD; i++)
    s = fmaf(w[r * KD + i], v[i * cols + c], s);
  o[r * cols + c] = s;
}
// CHECK-FIXES:      {{^}}  __shared__ float w_tile[8][8];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float v_tile[8][8];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i0 = 0; i0 < KD; i0 += 8) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    w_tile[threadIdx.y][threadIdx.x] = w[r * KD + i0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    v_tile[threadIdx.y][threadIdx.x] = v[(i0 + threadIdx.y) * cols + c];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll 4{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int i = i0; i < i0 + 8; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}      s = fmaf(w_tile[threadIdx.y][i - i0], v_tile[i - i0][threadIdx.x], s);{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void launch(const float *w, const float *v, float *o, int rows, int cols) {
  mm_fixed<<<dim3(rows / 8, cols / 8), dim3(8, 8)>>>(w, v, o, cols);
}
