// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// A column-major SGEMM as BLAS stores it (C(i,j) at C[i + j * ldc]): the
// thread's threadIdx.x walks i, so the loads are coalesced along columns,
// and both tiles are stored by column: sA[i][k] and sB[k][j] with i and k
// from threadIdx.x. The inner loop reads sA[threadIdx.x][k], a column
// again, and sB[k][threadIdx.y], the same word for the whole warp. Both
// tiles conflict 32-way; each gets one float of padding.
#include <cuda_runtime.h>

#define TS 32

__global__ void sgemm_nn_colmajor(int M, int N, int K, float alpha, const float *A, int lda,
                                  const float *B, int ldb, float beta, float *C, int ldc) {
  __shared__ float sA[TS][TS];
  // CHECK-FIXES: {{^}}  __shared__ float sA[TS][TS + 1];{{$}}
  __shared__ float sB[TS][TS];
  // CHECK-FIXES: {{^}}  __shared__ float sB[TS][TS + 1];{{$}}
  const int i = blockIdx.x * TS + threadIdx.x;
  const int j = blockIdx.y * TS + threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TS) {
    sA[threadIdx.x][threadIdx.y] = A[i + (k0 + threadIdx.y) * lda];
    sB[threadIdx.x][threadIdx.y] = B[(k0 + threadIdx.x) + j * ldb];
    __syncthreads();
#pragma unroll 8
    for (int k = 0; k < TS; ++k)
      acc += sA[threadIdx.x][k] * sB[k][threadIdx.y];
    __syncthreads();
  }
  C[i + j * ldc] = alpha * acc + beta * C[i + j * ldc];
}

// M, N, K multiples of 32.
void sgemm(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C) {
  dim3 block(TS, TS);
  dim3 grid(M / TS, N / TS);
  sgemm_nn_colmajor<<<grid, block>>>(M, N, K, alpha, A, M, B, K, beta, C, M);
}
