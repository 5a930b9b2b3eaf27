// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// The bundled SGEMM expert's staging once its pipeline, padding and vectors
// are undone: each of the 256 threads loads two groups of four elements of
// A and of B into registers (a flat index f over the slice, row f / 4,
// column (f % 4) * 4), then stores them, A transposed (As[k][m]), in loops
// with the same headers. No store names a thread index: the staging is run
// for every thread, which shows slot [k][m] of As holds Ablk[m * K + k0 + k]
// and slot [k][n] of Bs holds Bblk[(k0 + k) * N + n]. The loops, the
// registers, the tiles and the barriers go; k0 stays (the reads use it).
#include <cuda_runtime.h>

#define BM 128
#define BN 128
#define BK 16
#define THREADS 256
#define A_LOADS (BM * BK / 4 / THREADS)
#define B_LOADS (BK * BN / 4 / THREADS)

__global__ void __launch_bounds__(THREADS) sgemm_staged(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x;
  const int ty = tid / 16, tx = tid % 16;
  const float *Ablk = A + (size_t)blockIdx.y * BM * K;
  const float *Bblk = B + blockIdx.x * BN;
  float4 aStage[A_LOADS];
  float4 bStage[B_LOADS];
  float acc[8][8] = {};
  for (int s = 0; s < K / BK; ++s) {
    const int k0 = s * BK;
    for (int i = 0; i < A_LOADS; ++i) {
      const int f = tid + i * THREADS;
      const int r = f / (BK / 4);
      const int c = (f % (BK / 4)) * 4;
      aStage[i].x = Ablk[(size_t)r * K + k0 + c];
      aStage[i].y = Ablk[(size_t)r * K + k0 + c + 1];
      aStage[i].z = Ablk[(size_t)r * K + k0 + c + 2];
      aStage[i].w = Ablk[(size_t)r * K + k0 + c + 3];
    }
    for (int i = 0; i < B_LOADS; ++i) {
      const int f = tid + i * THREADS;
      const int r = f / (BN / 4);
      const int c = (f % (BN / 4)) * 4;
      bStage[i].x = Bblk[(size_t)(k0 + r) * N + c];
      bStage[i].y = Bblk[(size_t)(k0 + r) * N + c + 1];
      bStage[i].z = Bblk[(size_t)(k0 + r) * N + c + 2];
      bStage[i].w = Bblk[(size_t)(k0 + r) * N + c + 3];
    }
    for (int i = 0; i < A_LOADS; ++i) {
      const int f = tid + i * THREADS;
      const int r = f / (BK / 4);
      const int c = (f % (BK / 4)) * 4;
      As[c + 0][r] = aStage[i].x;
      As[c + 1][r] = aStage[i].y;
      As[c + 2][r] = aStage[i].z;
      As[c + 3][r] = aStage[i].w;
    }
    for (int i = 0; i < B_LOADS; ++i) {
      const int f = tid + i * THREADS;
      const int r = f / (BN / 4);
      const int c = (f % (BN / 4)) * 4;
      Bs[r][c] = bStage[i].x;
      Bs[r][c + 1] = bStage[i].y;
      Bs[r][c + 2] = bStage[i].z;
      Bs[r][c + 3] = bStage[i].w;
    }
    __syncthreads();
    for (int k = 0; k < BK; ++k)
      for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j)
          acc[i][j] += As[k][ty * 8 + i] * Bs[k][tx * 8 + j];
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      C[(size_t)(blockIdx.y * BM + ty * 8 + i) * N + blockIdx.x * BN + tx * 8 + j] = acc[i][j];
}
// CHECK-FIXES:      {{^}}  const float *Bblk = B + blockIdx.x * BN;{{$}}
// CHECK-FIXES-NEXT: {{^}}  float acc[8][8] = {};{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int s = 0; s < K / BK; ++s) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const int k0 = s * BK;{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < BK; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int i = 0; i < 8; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        for (int j = 0; j < 8; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}          acc[i][j] += Ablk[(size_t)(ty * 8 + i) * K + k0 + k] * Bblk[(size_t)k * N + k0 * N + tx * 8 + j];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void sgemm(int M, int N, int K, const float *A, const float *B, float *C) {
  sgemm_staged<<<dim3(N / BN, M / BM), THREADS>>>(M, N, K, A, B, C);
}
