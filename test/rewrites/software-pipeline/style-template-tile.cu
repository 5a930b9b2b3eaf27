// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// Templated element type and tile size, two instances launched (float
// 16 x 16, double 8 x 8); tiles typed T, the counter steps by TILE.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>

template <typename T, int TILE>
__global__ void gemm_tiled(const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ c, int n) {
  __shared__ T sa[TILE][TILE];
  __shared__ T sb[TILE][TILE];
  const int r = blockIdx.y * TILE + threadIdx.y;
  const int q = blockIdx.x * TILE + threadIdx.x;
  T acc = T(0);
  for (int k0 = 0; k0 < n; k0 += TILE) {
    sa[threadIdx.y][threadIdx.x] = a[r * n + k0 + threadIdx.x];
    sb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + q];
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < TILE; ++kk)
      acc += sa[threadIdx.y][kk] * sb[kk][threadIdx.x];
    __syncthreads();
  }
  c[r * n + q] = acc;
}

void run_f(const float *a, const float *b, float *c, int n) {
  gemm_tiled<float, 16><<<dim3(n / 16, n / 16), dim3(16, 16)>>>(a, b, c, n);
}
void run_d(const double *a, const double *b, double *c, int n) {
  gemm_tiled<double, 8><<<dim3(n / 8, n / 8), dim3(8, 8)>>>(a, b, c, n);
}
// CHECK-FIXES: {{^}}  __shared__ T sa[2][TILE][TILE];{{$}}
// CHECK-FIXES: {{^}}  if (0 < n) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = k0 + TILE < n;{{$}}
// CHECK-FIXES: {{^}}      sa_next = a[r * n + (k0 + TILE) + threadIdx.x];{{$}}
// CHECK-FIXES: {{^}}      acc += sa[stage][threadIdx.y][kk] * sb[stage][kk][threadIdx.x];{{$}}
// CHECK-FIXES: {{^}}      sa[stage ^ 1][threadIdx.y][threadIdx.x] = sa_next;{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
