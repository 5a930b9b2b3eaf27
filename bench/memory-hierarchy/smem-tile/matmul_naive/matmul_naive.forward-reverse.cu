// Naive SGEMM candidate: one thread per C element, threadIdx.x along columns
// (coalesced B and C accesses).
#include <cuda_runtime.h>

__global__ void matmul_naive(int M, int N, int K, const float *A, const float *B, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    if (k0 + 31 < K) {
      for (int k = k0; k < k0 + 32; ++k)
        acc += (row < M ? A[row * K + k] : 0) * (col < N ? B[k * N + col] : 0);
    } else {
      for (int k = k0; k < k0 + 32 && k < K; ++k)
        acc += (row < M ? A[row * K + k] : 0) * (col < N ? B[k * N + col] : 0);
    }
  }
  if (row < M && col < N) {
    C[row * N + col] = acc;
  }
}

void matmul_launch(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 block(32, 8);
  dim3 grid((N + 31) / 32, (M + 7) / 8);
  matmul_naive<<<grid, block>>>(M, N, K, A, B, C);
}
