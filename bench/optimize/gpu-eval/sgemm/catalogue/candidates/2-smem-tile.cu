// SGEMM, naive version: C = alpha * A * B + beta * C, fp32, row-major.
//   A is M x K, B is K x N, C is M x N.
// One thread per element of C, operands read straight from global memory.
// Domain: any M, N, K >= 1 (with M*K, K*N, M*N < 2^31).
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  int row = blockIdx.y * blockDim.y * 4 + threadIdx.y;
  float sum[4][4];
  #pragma unroll
  for (int i = 0; i < 4; ++i)
    #pragma unroll
    for (int j = 0; j < 4; ++j)
      sum[i][j] = 0.0f;
  __shared__ float A_tile[64][16];
  __shared__ float B_tile[16][64];
  for (int k0 = 0; k0 < K; k0 += 16) {
    #pragma unroll
    for (int i_copy = 0; i_copy < 4; ++i_copy)
      if (k0 + threadIdx.x < K && row < M)
        A_tile[threadIdx.y + i_copy * 16][threadIdx.x] = row + i_copy * blockDim.y < M ? A[(row + i_copy * blockDim.y) * K + k0 + threadIdx.x] : 0.0f;
    #pragma unroll
    for (int j_copy = 0; j_copy < 4; ++j_copy)
      if (k0 + threadIdx.y < K && col < N)
        B_tile[threadIdx.y][threadIdx.x + j_copy * 16] = col + j_copy * blockDim.x < N ? B[(k0 + threadIdx.y) * N + col + j_copy * blockDim.x] : 0.0f;
    __syncthreads();
    if (k0 + 15 < K) {
      for (int k = k0; k < k0 + 16; ++k) {
        float A_reg[4];
        #pragma unroll
        for (int i = 0; i < 4; ++i)
          A_reg[i] = A_tile[threadIdx.y + i * 16][k - k0];
        float B_reg[4];
        #pragma unroll
        for (int j = 0; j < 4; ++j)
          B_reg[j] = B_tile[k - k0][threadIdx.x + j * 16];
        #pragma unroll
        for (int i = 0; i < 4; ++i)
          #pragma unroll
          for (int j = 0; j < 4; ++j)
            sum[i][j] += A_reg[i] * B_reg[j];
      }
    } else {
      for (int k = k0; k < k0 + 16 && k < K; ++k) {
        float A_reg[4];
        #pragma unroll
        for (int i = 0; i < 4; ++i)
          A_reg[i] = A_tile[threadIdx.y + i * 16][k - k0];
        float B_reg[4];
        #pragma unroll
        for (int j = 0; j < 4; ++j)
          B_reg[j] = B_tile[k - k0][threadIdx.x + j * 16];
        #pragma unroll
        for (int i = 0; i < 4; ++i)
          #pragma unroll
          for (int j = 0; j < 4; ++j)
            sum[i][j] += A_reg[i] * B_reg[j];
      }
    }
    __syncthreads();
  }
  if (row < M && col < N) {
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
