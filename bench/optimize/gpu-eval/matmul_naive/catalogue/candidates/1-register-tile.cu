// Naive SGEMM candidate: one thread per C element, threadIdx.x along columns
// (coalesced B and C accesses).
#include <cuda_runtime.h>

__global__ void matmul_naive(int M, int N, int K, const float *A, const float *B, float *C) {
  int col = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  int row = blockIdx.y * blockDim.y * 4 + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc[4][4];
  #pragma unroll
  for (int i = 0; i < 4; ++i)
    #pragma unroll
    for (int j = 0; j < 4; ++j)
      acc[i][j] = 0.f;
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
        acc[i][j] += A_reg[i] * B_reg[j];
  }
  #pragma unroll
  for (int i = 0; i < 4; ++i)
    #pragma unroll
    for (int j = 0; j < 4; ++j)
      if (row + i * blockDim.y < M && col + j * blockDim.x < N)
        C[(row + i * blockDim.y) * N + col + j * blockDim.x] = acc[i][j];
}

void matmul_launch(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 block(32, 8);
  dim3 grid((N + 31) / 32, (M + 7) / 8);
  matmul_naive<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(M, N, K, A, B, C);
}
