// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: size_t indices and counter (kk), indices written through a macro
// (IDX2R(i, kk, n)): the counter is replaced inside the macro's arguments,
// the macro stays.
// size_t indices through an index macro, counter named kk.
#include <cuda_runtime.h>
#include <cstddef>
#define IDX2R(i, j, ld) ((i) * (ld) + (j))
#define BDIM 16
__global__ void mm_size_t(size_t m, size_t n, size_t p, const float *A, const float *B, float *C) {
  size_t i = (size_t)blockIdx.y * BDIM + threadIdx.y;
  size_t j = (size_t)blockIdx.x * BDIM + threadIdx.x;
  float t = 0;
  if (i < m && j < p) {
    for (size_t kk = 0; kk < n; ++kk) {
      t += A[IDX2R(i, kk, n)] * B[IDX2R(kk, j, p)];
    }
    C[IDX2R(i, j, p)] = t;
  }
}
// CHECK-FIXES:      {{^}}  __shared__ float A_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (size_t kk0 = 0; kk0 < n; kk0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (kk0 + threadIdx.x < n && i < m){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = A[IDX2R(i, kk0 + threadIdx.x, n)];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (kk0 + threadIdx.y < n && j < p){{$}}
// CHECK-FIXES-NEXT: {{^}}      B_tile[threadIdx.y][threadIdx.x] = B[IDX2R(kk0 + threadIdx.y, j, p)];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (kk0 + 15 < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (size_t kk = kk0; kk < kk0 + 16; ++kk) {{{$}}
// CHECK-FIXES-NEXT: {{^}}        t += A_tile[threadIdx.y][kk - kk0] * B_tile[kk - kk0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}      }{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (size_t kk = kk0; kk < kk0 + 16 && kk < n; ++kk) {{{$}}
// CHECK-FIXES-NEXT: {{^}}        t += A_tile[threadIdx.y][kk - kk0] * B_tile[kk - kk0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}      }{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void mm(size_t m, size_t n, size_t p, const float *A, const float *B, float *C) {
  mm_size_t<<<dim3((p + BDIM - 1) / BDIM, (m + BDIM - 1) / BDIM), dim3(BDIM, BDIM)>>>(m, n, p, A, B, C);
}
