// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// Register-tiled product with hand-written copy loops in the staging
// (4 rows of A per thread, 4 columns of B), macros for the tile sizes, a
// block-uniform `#pragma unroll` compute and a counter declared before the
// loop.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>

#define BM 64
#define BN 64
#define BKK 16
#define TM 4
#define TN 4

__global__ void sgemm_rt(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                         float *__restrict__ C) {
  __shared__ float As[BM][BKK];
  __shared__ float Bs[BKK][BN];
  const int tx = threadIdx.x, ty = threadIdx.y; // 16 x 16
  const int row0 = blockIdx.y * BM + ty, col0 = blockIdx.x * BN + tx;
  float acc[TM][TN] = {};
  int kb;
  for (kb = 0; kb < K; kb += BKK) {
#pragma unroll
    for (int i = 0; i < TM; ++i)
      As[ty + i * 16][tx] = A[(row0 + i * 16) * K + kb + tx];
#pragma unroll
    for (int j = 0; j < TN; ++j)
      Bs[ty][tx + j * 16] = B[(kb + ty) * N + col0 + j * 16];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BKK; ++k)
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i][j] += As[ty + i * 16][k] * Bs[k][tx + j * 16];
    __syncthreads();
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j)
      C[(row0 + i * 16) * N + col0 + j * 16] = acc[i][j];
}

void sgemm(int M, int N, int K, const float *A, const float *B, float *C) {
  sgemm_rt<<<dim3(N / BN, M / BM), dim3(16, 16)>>>(M, N, K, A, B, C);
}
// CHECK-FIXES: {{^}}  __shared__ float As[2][BM][BKK];{{$}}
// CHECK-FIXES: {{^}}  if (0 < K) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = kb + BKK < K;{{$}}
// CHECK-FIXES: {{^}}        As_next[i] = A[(row0 + i * 16) * K + (kb + BKK) + tx];{{$}}
// CHECK-FIXES: {{^}}          acc[i][j] += As[stage][ty + i * 16][k] * Bs[stage][k][tx + j * 16];{{$}}
// CHECK-FIXES: {{^}}        As[stage ^ 1][ty + i * 16][tx] = As_next[i];{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
