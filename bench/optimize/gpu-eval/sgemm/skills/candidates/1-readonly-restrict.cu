// SGEMM, naive version: C = alpha * A * B + beta * C, fp32, row-major.
//   A is M x K, B is K x N, C is M x N.
// One thread per element of C, operands read straight from global memory.
// Domain: any M, N, K >= 1 (with M*K, K*N, M*N < 2^31).
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *__restrict__ A,
                                   const float *__restrict__ B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < K; ++k)
      sum += __ldg(&A[row * K + k]) * __ldg(&B[k * N + col]);
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
