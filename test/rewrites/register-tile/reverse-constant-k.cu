// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=reverse
// REQUIRES: nvcc
// The forward's output on a product whose reduction has a compile-time
// extent (KDIM = 16): the k loop counts 16 like a tile loop and reads
// `B[k * N + col]` like an index copy, but only the loops that subscript the
// per-output registers (acc[i][j]) are tile loops; k stays the kernel's own.
#include <cuda_runtime.h>
#define KDIM 16
// C = A (M x 16) * B (16 x N): the reduction's extent is a compile-time constant.
__global__ void thin_matmul(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int M, int N) {
  int row = blockIdx.y * blockDim.y * 4 + threadIdx.y;
  int col = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  if (row < M && col < N) {
    float acc[4][4];
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        acc[i][j] = 0.0f;
    for (int k = 0; k < KDIM; ++k) {
      float A_reg[4];
      #pragma unroll
      for (int i = 0; i < 4; ++i)
        A_reg[i] = row + i * blockDim.y < M ? A[(row + i * blockDim.y) * KDIM + k] : 0.0f;
      float B_reg[4];
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        B_reg[j] = col + j * blockDim.x < N ? B[k * N + col + j * blockDim.x] : 0.0f;
      #pragma unroll
      for (int i = 0; i < 4; ++i)
        #pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += A_reg[i] * B_reg[j];
    }
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        if (row + i * blockDim.y < M && col + j * blockDim.x < N)
          C[(row + i * blockDim.y) * N + col + j * blockDim.x] = acc[i][j];
  }
}
void thin_matmul_launch(const float *A, const float *B, float *C, int M, int N) {
  dim3 block(16, 16), grid((N + 15) / 16, (M + 15) / 16);
  thin_matmul<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(A, B, C, M, N);
}
// CHECK-FIXES:      {{^}}    float acc = 0.0f;{{$}}
// CHECK-FIXES:      {{^}}    for (int k = 0; k < KDIM; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      float A_reg = row < M ? A[row * KDIM + k] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}      float B_reg = col < N ? B[k * N + col] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}      acc += A_reg * B_reg;{{$}}
// CHECK-FIXES:      {{^}}  thin_matmul<<<grid, block>>>(A, B, C, M, N);{{$}}
