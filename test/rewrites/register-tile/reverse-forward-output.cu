// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=reverse
// REQUIRES: nvcc
// The forward's own output (forward-sgemm.cu) back to one output per thread:
// the factor 4 leaves the block offsets, the accumulator is a scalar again
// (its initialising loop folded into the declaration), the reads kept in
// registers stay as locals, and the dim3(...) the forward wrote around
// `grid` is undone.
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  int row = blockIdx.y * blockDim.y * 4 + threadIdx.y;
  if (row < M && col < N) {
    float sum[4][4];
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        sum[i][j] = 0.0f;
    for (int k = 0; k < K; ++k) {
      float A_reg[4];
      #pragma unroll
      for (int i = 0; i < 4; ++i)
        A_reg[i] = row + i * blockDim.y < M ? A[(row + i * blockDim.y) * K + k] : 0.0f;
      float B_reg[4];
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        B_reg[j] = col + j * blockDim.x < N ? B[k * N + col + j * blockDim.x] : 0.0f;
      #pragma unroll
      for (int i = 0; i < 4; ++i)
        #pragma unroll
        for (int j = 0; j < 4; ++j)
          sum[i][j] += A_reg[i] * B_reg[j];
    }
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        if (row + i * blockDim.y < M && col + j * blockDim.x < N)
          C[(row + i * blockDim.y) * N + col + j * blockDim.x] = alpha * sum[i][j] + beta * C[(row + i * blockDim.y) * N + col + j * blockDim.x];
  }
}

// CHECK-FIXES:      {{^}}  int col = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  int row = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (row < M && col < N) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    float sum = 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < K; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      float A_reg = row < M ? A[row * K + k] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}      float B_reg = col < N ? B[k * N + col] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}      sum += A_reg * B_reg;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (row < M && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}      C[row * N + col] = alpha * sum + beta * C[row * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
           float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(M, N, K, alpha, A, B, beta, C);
}
// CHECK-FIXES: {{^}}  sgemm_naive_kernel<<<grid, block>>>(M, N, K, alpha, A, B, beta, C);{{$}}
