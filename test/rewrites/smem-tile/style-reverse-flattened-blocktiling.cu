// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// siboehm's 1-D blocktiling SGEMM: flattened tiles of a 512-thread block
// (As[innerRowA * BK + innerColA], Bs[innerRowB * BN + innerColB]), template
// tile sizes, pointer bumps after the barrier, a register array of results,
// device-side asserts. Each read names its element through the pointer as
// it was, its row and column read off the slot.
#include <cassert>
#include <cuda_runtime.h>
#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
template <const int BM, const int BN, const int BK, const int TM>
__global__ void sgemm1DBlocktiling(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;
  const int threadCol = threadIdx.x % BN;
  const int threadRow = threadIdx.x / BN;
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  assert(BM * BK == blockDim.x);
  assert(BN * BK == blockDim.x);
  const uint innerColA = threadIdx.x % BK;
  const uint innerRowA = threadIdx.x / BK;
  const uint innerColB = threadIdx.x % BN;
  const uint innerRowB = threadIdx.x / BN;
  float threadResults[TM] = {0.0};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    As[innerRowA * BK + innerColA] = A[innerRowA * K + innerColA];
    Bs[innerRowB * BN + innerColB] = B[innerRowB * N + innerColB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      float tmpB = Bs[dotIdx * BN + threadCol];
      for (uint resIdx = 0; resIdx < TM; ++resIdx) {
        threadResults[resIdx] += As[(threadRow * TM + resIdx) * BK + dotIdx] * tmpB;
      }
    }
    __syncthreads();
  }
  for (uint resIdx = 0; resIdx < TM; ++resIdx) {
    C[(threadRow * TM + resIdx) * N + threadCol] = alpha * threadResults[resIdx] + beta * C[(threadRow * TM + resIdx) * N + threadCol];
  }
}
void runSgemm1DBlocktiling(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  const uint BM = 64, BN = 64, BK = 8, TM = 8;
  dim3 gridDim(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
  dim3 blockDim((BM * BN) / TM);
  sgemm1DBlocktiling<BM, BN, BK, TM><<<gridDim, blockDim>>>(M, N, K, alpha, A, B, beta, C);
}
// CHECK-FIXES:      {{^}}  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    A += BK;{{$}}
// CHECK-FIXES-NEXT: {{^}}    B += BK * N;{{$}}
// CHECK-FIXES:      {{^}}      float tmpB = (B - (BK * N))[dotIdx * N + threadCol];{{$}}
// CHECK-FIXES:      {{^}}        threadResults[resIdx] += (A - BK)[(threadRow * TM + resIdx) * K + dotIdx] * tmpB;{{$}}
