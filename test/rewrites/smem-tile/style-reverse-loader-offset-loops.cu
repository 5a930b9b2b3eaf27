// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// siboehm's 2-D blocktiling SGEMM (paraphrased): flattened tiles filled by
// loops that stride a thread's row by the rows the block loads at once
// (loadOffset += strideA), pointer bumps after the barrier, an 8 x 8
// register block per thread. The staging is run for each of the 256
// threads: slot (r, c) of As holds A[r * K + c], read as rows of BK.
#include <cassert>
#include <cuda_runtime.h>
#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN), 1)
    sgemm2DBlocktiling(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;
  const uint totalResultsBlocktile = BM * BN;
  const uint numThreadsBlocktile = totalResultsBlocktile / (TM * TN);
  assert(numThreadsBlocktile == blockDim.x);
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / BK;
  const uint innerColA = threadIdx.x % BK;
  const uint strideA = numThreadsBlocktile / BK;
  const uint innerRowB = threadIdx.x / BN;
  const uint innerColB = threadIdx.x % BN;
  const uint strideB = numThreadsBlocktile / BN;
  float threadResults[TM * TN] = {0.0};
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    for (uint loadOffset = 0; loadOffset < BM; loadOffset += strideA) {
      As[(innerRowA + loadOffset) * BK + innerColA] = A[(innerRowA + loadOffset) * K + innerColA];
    }
    for (uint loadOffset = 0; loadOffset < BK; loadOffset += strideB) {
      Bs[(innerRowB + loadOffset) * BN + innerColB] = B[(innerRowB + loadOffset) * N + innerColB];
    }
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (uint i = 0; i < TM; ++i) {
        regM[i] = As[(threadRow * TM + i) * BK + dotIdx];
      }
      for (uint i = 0; i < TN; ++i) {
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      }
      for (uint resIdxM = 0; resIdxM < TM; ++resIdxM) {
        for (uint resIdxN = 0; resIdxN < TN; ++resIdxN) {
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
        }
      }
    }
    __syncthreads();
  }
  for (uint resIdxM = 0; resIdxM < TM; ++resIdxM) {
    for (uint resIdxN = 0; resIdxN < TN; ++resIdxN) {
      C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN] =
          alpha * threadResults[resIdxM * TN + resIdxN] + beta * C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN];
    }
  }
}
void runSgemm2DBlocktiling(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  const uint BK = 8, TM = 8, TN = 8, BM = 128, BN = 128;
  dim3 gridDim(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
  dim3 blockDim((BM * BN) / (TM * TN));
  sgemm2DBlocktiling<BM, BN, BK, TM, TN><<<gridDim, blockDim>>>(M, N, K, alpha, A, B, beta, C);
}
// CHECK-FIXES:      {{^}}  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    A += BK;{{$}}
// CHECK-FIXES-NEXT: {{^}}    B += BK * N;{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (uint i = 0; i < TM; ++i) {{{$}}
// CHECK-FIXES-NEXT: {{^}}        regM[i] = (A - BK)[(threadRow * TM + i) * K + dotIdx];{{$}}
// CHECK-FIXES-NEXT: {{^}}      }{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (uint i = 0; i < TN; ++i) {{{$}}
// CHECK-FIXES-NEXT: {{^}}        regN[i] = (B - (BK * N))[dotIdx * N + threadCol * TN + i];{{$}}
