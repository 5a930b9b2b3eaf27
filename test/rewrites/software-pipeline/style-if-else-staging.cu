// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// Staging written as if/else (zero outside the matrix) with a transposed
// operand read B^T[col][k]; the counter named `kt` steps by the tile.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>

__global__ void abt(const float *__restrict__ A, const float *__restrict__ Bt, float *__restrict__ C, int M, int N, int K) {
  __shared__ float sA[16][16], sB[16][16];
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float sum = 0.0f;
  for (int kt = 0; kt < K; kt += 16) {
    if (row < M && kt + threadIdx.x < K)
      sA[threadIdx.y][threadIdx.x] = A[row * K + kt + threadIdx.x];
    else
      sA[threadIdx.y][threadIdx.x] = 0.0f;
    int bcol = blockIdx.x * 16 + threadIdx.y;
    if (bcol < N && kt + threadIdx.x < K)
      sB[threadIdx.x][threadIdx.y] = Bt[bcol * K + kt + threadIdx.x];
    else
      sB[threadIdx.x][threadIdx.y] = 0.0f;
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      sum += sA[threadIdx.y][k] * sB[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = sum;
}
// CHECK-FIXES: {{^}}  __shared__ float sA[2][16][16], sB[2][16][16];{{$}}
// CHECK-FIXES: {{^}}  if (0 < K) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = kt + 16 < K;{{$}}
// CHECK-FIXES: {{^}}        sA_next = A[row * K + (kt + 16) + threadIdx.x];{{$}}
// CHECK-FIXES: {{^}}      sum += sA[stage][threadIdx.y][k] * sB[stage][k][threadIdx.x];{{$}}
// CHECK-FIXES: {{^}}        sA[stage ^ 1][threadIdx.y][threadIdx.x] = sA_next;{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
