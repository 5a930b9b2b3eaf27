// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// siboehm's vectorized SGEMM (paraphrased) after vectorize-global-access's
// reverse: a flattened A tile stored transposed (As[(col + q) * BM + row]
// from A[row * K + col + q]), B in its own layout, no loop: each of the 256
// threads stages four elements of each. The run per thread fits As as rows
// of BM (slot k * BM + m holds A[m * K + k]); a read As[dotIdx * BM + m]
// splits into its row dotIdx and column m (m < BM from the ranges).
#include <cuda_runtime.h>
#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void sgemmVectorize(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;
  const uint threadCol = threadIdx.x % (BN / TN);
  const uint threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / (BK / 4);
  const uint innerColA = threadIdx.x % (BK / 4);
  const uint innerRowB = threadIdx.x / (BN / 4);
  const uint innerColB = threadIdx.x % (BN / 4);
  float threadResults[TM * TN] = {0.0};
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    As[(innerColA * 4 + 0) * BM + innerRowA] = A[innerRowA * K + innerColA * 4];
    As[(innerColA * 4 + 1) * BM + innerRowA] = A[innerRowA * K + innerColA * 4 + 1];
    As[(innerColA * 4 + 2) * BM + innerRowA] = A[innerRowA * K + innerColA * 4 + 2];
    As[(innerColA * 4 + 3) * BM + innerRowA] = A[innerRowA * K + innerColA * 4 + 3];
    Bs[innerRowB * BN + innerColB * 4] = B[innerRowB * N + innerColB * 4];
    Bs[innerRowB * BN + innerColB * 4 + 1] = B[innerRowB * N + innerColB * 4 + 1];
    Bs[innerRowB * BN + innerColB * 4 + 2] = B[innerRowB * N + innerColB * 4 + 2];
    Bs[innerRowB * BN + innerColB * 4 + 3] = B[innerRowB * N + innerColB * 4 + 3];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (uint i = 0; i < TM; ++i)
        regM[i] = As[dotIdx * BM + threadRow * TM + i];
      for (uint i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
        for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
    }
    __syncthreads();
  }
  for (uint resIdxM = 0; resIdxM < TM; resIdxM += 1)
    for (uint resIdxN = 0; resIdxN < TN; resIdxN += 1)
      C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN] =
          alpha * threadResults[resIdxM * TN + resIdxN] + beta * C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN];
}
void runSgemmVectorize(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  const uint BK = 8, TM = 8, TN = 8, BM = 128, BN = 128;
  dim3 gridDim(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
  dim3 blockDim((BM * BN) / (TM * TN));
  sgemmVectorize<BM, BN, BK, TM, TN><<<gridDim, blockDim>>>(M, N, K, alpha, A, B, beta, C);
}
// CHECK-FIXES:      {{^}}  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    A += BK;{{$}}
// CHECK-FIXES-NEXT: {{^}}    B += BK * N;{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (uint i = 0; i < TM; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        regM[i] = (A - BK)[(threadRow * TM + i) * K + dotIdx];{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (uint i = 0; i < TN; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        regN[i] = (B - (BK * N))[dotIdx * N + threadCol * TN + i];{{$}}
