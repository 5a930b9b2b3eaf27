// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward
// REQUIRES: nvcc
// Another style: a kernel template (element type T, block edge BLOCK), the
// thread indices in unsigned locals (`tx`, `ty`), 64-bit addressing through
// casts, an output offset computed once before the loop, an early return.
// Types and zeros of T are written by T's name (the template's text serves
// every instance); `out` becomes a per-output array of offsets.
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void matmul_t(const T *__restrict__ A, const T *__restrict__ B, T *__restrict__ C, int n) {
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned c = blockIdx.x * BLOCK + tx;
  unsigned r = blockIdx.y * BLOCK + ty;
  if (r >= n || c >= n)
    return;
  const size_t out = (size_t)r * n + c;
  T acc = T(0);
  for (int k = 0; k < n; ++k)
    acc += A[(size_t)r * n + k] * B[(size_t)k * n + c];
  C[out] = acc;
}

// CHECK-FIXES:      {{^}}  unsigned c = blockIdx.x * BLOCK * 4 + tx;{{$}}
// CHECK-FIXES-NEXT: {{^}}  unsigned r = blockIdx.y * BLOCK * 4 + ty;{{$}}
// CHECK-FIXES:      {{^}}  size_t out[4][4];{{$}}
// CHECK-FIXES:      {{^}}      out[i][j] = (size_t)(r + i * BLOCK) * n + c + j * BLOCK;{{$}}
// CHECK-FIXES-NEXT: {{^}}  T acc[4][4];{{$}}
// CHECK-FIXES:      {{^}}      acc[i][j] = T(0);{{$}}
// CHECK-FIXES:      {{^}}    T A_reg[4];{{$}}
// CHECK-FIXES:      {{^}}      A_reg[i] = r + i * BLOCK < n ? A[(size_t)(r + i * BLOCK) * n + k] : T();{{$}}
// CHECK-FIXES:      {{^}}        C[out[i][j]] = acc[i][j];{{$}}
// CHECK-FIXES:      {{^}}  matmul_t<float, 16><<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(A, B, C, n);{{$}}

void run(const float *A, const float *B, float *C, int n) {
  dim3 block(16, 16);
  dim3 grid((n + 15) / 16, (n + 15) / 16);
  matmul_t<float, 16><<<grid, block>>>(A, B, C, n);
}
