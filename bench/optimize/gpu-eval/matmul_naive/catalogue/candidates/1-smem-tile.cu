// Naive SGEMM candidate: one thread per C element, threadIdx.x along columns
// (coalesced B and C accesses).
#include <cuda_runtime.h>

__global__ void matmul_naive(int M, int N, int K, const float *A, const float *B, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.f;
  __shared__ float A_tile[8][32];
  __shared__ float B_tile[32][32];
  for (int k0 = 0; k0 < K; k0 += 32) {
    if (k0 + threadIdx.x < K && row < M)
      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];
    for (int k_stage = threadIdx.y; k_stage < 32; k_stage += 8)
      if (k0 + k_stage < K && col < N)
        B_tile[k_stage][threadIdx.x] = B[(k0 + k_stage) * N + col];
    __syncthreads();
    if (k0 + 31 < K) {
      for (int k = k0; k < k0 + 32; ++k)
        acc += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    } else {
      for (int k = k0; k < k0 + 32 && k < K; ++k)
        acc += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    }
    __syncthreads();
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
