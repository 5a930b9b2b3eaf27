// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward
// REQUIRES: nvcc
// The naive SGEMM (workloads/sgemm/naive.cu), 4 x 4 outputs per thread
// (the default): the block offsets are scaled, `sum` becomes a 4 x 4 register
// array, A's element of a row and B's of a column are loaded once per k step
// into registers and reused by the 16 products; the guard stays at the base
// output and is repeated per copy where memory is touched; the grid is
// divided in x and y.
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < K; ++k)
      sum += A[row * K + k] * B[k * N + col];
    C[row * N + col] = alpha * sum + beta * C[row * N + col];
  }
}
// CHECK-FIXES:      {{^}}  int col = blockIdx.x * blockDim.x * 4 + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  int row = blockIdx.y * blockDim.y * 4 + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (row < M && col < N) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    float sum[4][4];{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int i = 0; i < 4; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int j = 0; j < 4; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}        sum[i][j] = 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < K; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      float A_reg[4];{{$}}
// CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int i = 0; i < 4; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        A_reg[i] = row + i * blockDim.y < M ? A[(row + i * blockDim.y) * K + k] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}      float B_reg[4];{{$}}
// CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int j = 0; j < 4; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}        B_reg[j] = col + j * blockDim.x < N ? B[k * N + col + j * blockDim.x] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int i = 0; i < 4; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}        #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}        for (int j = 0; j < 4; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}          sum[i][j] += A_reg[i] * B_reg[j];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int i = 0; i < 4; ++i){{$}}
// CHECK-FIXES-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int j = 0; j < 4; ++j){{$}}
// CHECK-FIXES-NEXT: {{^}}        if (row + i * blockDim.y < M && col + j * blockDim.x < N){{$}}
// CHECK-FIXES-NEXT: {{^}}          C[(row + i * blockDim.y) * N + col + j * blockDim.x] = alpha * sum[i][j] + beta * C[(row + i * blockDim.y) * N + col + j * blockDim.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
                  float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<grid, block>>>(M, N, K, alpha, A, B, beta, C);
}
// CHECK-FIXES: {{^}}  sgemm_naive_kernel<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(M, N, K, alpha, A, B, beta, C);{{$}}
// Per k step: 4 + 4 global loads, then the 16 products in registers.
// CHECK-PTX-COUNT-8: ld.global.f32
// CHECK-PTX-COUNT-16: fma.rn.f32
