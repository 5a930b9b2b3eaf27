// SGEMM, naive version: C = alpha * A * B + beta * C, fp32, row-major.
//   A is M x K, B is K x N, C is M x N.
// One thread per element of C, operands read straight from global memory.
// Domain: any M, N, K >= 1 (with M*K, K*N, M*N < 2^31).
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  __shared__ float A_tile[16][16];
  __shared__ float B_tile[16][16];
  for (int k0 = 0; k0 < K; k0 += 16) {
    if (k0 + threadIdx.x < K && row < M)
      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];
    if (k0 + threadIdx.y < K && col < N)
      B_tile[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + col];
    __syncthreads();
    if (k0 + 15 < K) {
      for (int k = k0; k < k0 + 16; ++k)
        sum += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    } else {
      for (int k = k0; k < k0 + 16 && k < K; ++k)
        sum += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    }
    __syncthreads();
  }
  if (row < M && col < N) {
    C[row * N + col] = alpha * sum + beta * C[row * N + col];
  }
}

// Host launcher: device pointers, sizes as in the manifest (sgemm.yaml).
void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
           float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<grid, block>>>(M, N, K, alpha, A, B, beta, C);
}
