// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: a batched product (the batch is blockIdx.z) through per-batch
// pointers declared after an early return; __restrict__ pointers, size_t
// casts, counter p. The pointer locals are pure declarations and stay
// before the loop, which every thread now runs.
// Batched SGEMM, naive (smem-tile bench): for every batch b, C[b] = A[b] * B[b],
// row-major fp32, A[b] is m x k, B[b] is k x n. One thread per element of C,
// threads past the matrix leave early; the batch is blockIdx.z.
#include <cuda_runtime.h>
#include <cstddef>

#define BLK 16

__global__ void bmm_naive(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                          int m, int n, int k) {
  const int i = blockIdx.y * BLK + threadIdx.y;
  const int j = blockIdx.x * BLK + threadIdx.x;
  if (i >= m || j >= n)
    return;
  const float *ab = a + (size_t)blockIdx.z * m * k;
  const float *bb = b + (size_t)blockIdx.z * k * n;
  float s = 0.f;
  for (int p = 0; p < k; p++)
    s += ab[i * k + p] * bb[p * n + j];
  c[(size_t)blockIdx.z * m * n + (size_t)i * n + j] = s;
}
// CHECK-FIXES:      {{^}}  __shared__ float ab_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float bb_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int p0 = 0; p0 < k; p0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (p0 + threadIdx.x < k && i < m){{$}}
// CHECK-FIXES-NEXT: {{^}}      ab_tile[threadIdx.y][threadIdx.x] = ab[i * k + p0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (p0 + threadIdx.y < k && j < n){{$}}
// CHECK-FIXES-NEXT: {{^}}      bb_tile[threadIdx.y][threadIdx.x] = bb[(p0 + threadIdx.y) * n + j];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (p0 + 15 < k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int p = p0; p < p0 + 16; ++p){{$}}
// CHECK-FIXES-NEXT: {{^}}        s += ab_tile[threadIdx.y][p - p0] * bb_tile[p - p0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int p = p0; p < p0 + 16 && p < k; ++p){{$}}
// CHECK-FIXES-NEXT: {{^}}        s += ab_tile[threadIdx.y][p - p0] * bb_tile[p - p0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void bmm_launch(int batches, int m, int n, int k, const float *a, const float *b, float *c) {
  dim3 block(BLK, BLK);
  dim3 grid((n + BLK - 1) / BLK, (m + BLK - 1) / BLK, batches);
  bmm_naive<<<grid, block>>>(a, b, c, m, n, k);
}
