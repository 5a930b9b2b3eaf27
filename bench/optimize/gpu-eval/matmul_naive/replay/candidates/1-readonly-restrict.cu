// Naive SGEMM candidate: one thread per C element, threadIdx.x along columns
// (coalesced B and C accesses).
#include <cuda_runtime.h>

__global__ void matmul_naive(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc += __ldg(&A[row * K + k]) * __ldg(&B[k * N + col]);
  C[row * N + col] = acc;
}

void matmul_launch(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 block(32, 8);
  dim3 grid((N + 31) / 32, (M + 7) / 8);
  matmul_naive<<<grid, block>>>(M, N, K, A, B, C);
}
