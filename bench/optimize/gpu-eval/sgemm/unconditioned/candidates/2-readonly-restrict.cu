// SGEMM, naive version: C = alpha * A * B + beta * C, fp32, row-major.
//   A is M x K, B is K x N, C is M x N.
// One thread per element of C, operands read straight from global memory.
// Domain: any M, N, K >= 1 (with M*K, K*N, M*N < 2^31).
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *__restrict__ A,
                                   const float *__restrict__ B, float beta, float *C) {
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
        A_reg[i] = row + i * blockDim.y < M ? __ldg(&A[(row + i * blockDim.y) * K + k]) : 0.0f;
      float B_reg[4];
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        B_reg[j] = col + j * blockDim.x < N ? __ldg(&B[k * N + col + j * blockDim.x]) : 0.0f;
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

// Host launcher: device pointers, sizes as in the manifest (sgemm.yaml).
void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
           float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(M, N, K, alpha, A, B, beta, C);
}
