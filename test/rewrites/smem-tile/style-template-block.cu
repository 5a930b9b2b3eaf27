// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a kernel template over its block size and element type, one
// instance (BS = 16, float), the early return split. The tiles keep the
// written element type T; their extents are the instance's block (16), so a
// second instance with another BS would be refused (instantiations-agree).
// A templated block size, one instance.
#include <cuda_runtime.h>
template <int BS, typename T>
__global__ void matmul_t(const T *a, const T *b, T *c, int n) {
  const int row = blockIdx.y * BS + threadIdx.y;
  const int col = blockIdx.x * BS + threadIdx.x;
  if (row >= n || col >= n) return;
  T acc = T(0);
  for (int i = 0; i < n; ++i) acc += a[row * n + i] * b[i * n + col];
  c[row * n + col] = acc;
}
// CHECK-FIXES:      {{^}}  __shared__ T a_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ T b_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i0 = 0; i0 < n; i0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i0 + threadIdx.x < n && row < n){{$}}
// CHECK-FIXES-NEXT: {{^}}      a_tile[threadIdx.y][threadIdx.x] = a[row * n + i0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i0 + threadIdx.y < n && col < n){{$}}
// CHECK-FIXES-NEXT: {{^}}      b_tile[threadIdx.y][threadIdx.x] = b[(i0 + threadIdx.y) * n + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i0 + 15 < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int i = i0; i < i0 + 16; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        acc += a_tile[threadIdx.y][i - i0] * b_tile[i - i0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int i = i0; i < i0 + 16 && i < n; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        acc += a_tile[threadIdx.y][i - i0] * b_tile[i - i0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
template <int BS>
void run_t(const float *a, const float *b, float *c, int n) {
  dim3 blk(BS, BS), grd((n + BS - 1) / BS, (n + BS - 1) / BS);
  matmul_t<BS, float><<<grd, blk>>>(a, b, c, n);
}
template void run_t<16>(const float *, const float *, float *, int);
