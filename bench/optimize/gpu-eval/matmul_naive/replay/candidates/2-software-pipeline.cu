// Naive SGEMM candidate: one thread per C element, threadIdx.x along columns
// (coalesced B and C accesses).
#include <cuda_runtime.h>

__global__ void matmul_naive(int M, int N, int K, const float *A, const float *B, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.f;
  __shared__ float A_tile[2][8][32];
  __shared__ float B_tile[2][32][32];
  if (0 < K) {
    if (0 + threadIdx.x < K && row < M)
      A_tile[0][threadIdx.y][threadIdx.x] = A[row * K + 0 + threadIdx.x];
    for (int k_stage = threadIdx.y; k_stage < 32; k_stage += 8)
      if (0 + k_stage < K && col < N)
        B_tile[0][k_stage][threadIdx.x] = B[(0 + k_stage) * N + col];
  }
  __syncthreads();
  int stage = 0;
  for (int k0 = 0; k0 < K; k0 += 32) {
    const bool has_next = k0 + 32 < K;
    float A_tile_next;
    float B_tile_next[4];
    if (has_next) {
      if (k0 + 32 + threadIdx.x < K && row < M)
        A_tile_next = A[row * K + (k0 + 32) + threadIdx.x];
      for (int k_stage = threadIdx.y; k_stage < 32; k_stage += 8)
        if (k0 + 32 + k_stage < K && col < N)
          B_tile_next[(k_stage - threadIdx.y) / 8] = B[(k0 + 32 + k_stage) * N + col];
    }
    if (k0 + 31 < K) {
      for (int k = k0; k < k0 + 32; ++k)
        acc += A_tile[stage][threadIdx.y][k - k0] * B_tile[stage][k - k0][threadIdx.x];
    } else {
      for (int k = k0; k < k0 + 32 && k < K; ++k)
        acc += A_tile[stage][threadIdx.y][k - k0] * B_tile[stage][k - k0][threadIdx.x];
    }
    if (has_next) {
      if (k0 + 32 + threadIdx.x < K && row < M)
        A_tile[stage ^ 1][threadIdx.y][threadIdx.x] = A_tile_next;
      for (int k_stage = threadIdx.y; k_stage < 32; k_stage += 8)
        if (k0 + 32 + k_stage < K && col < N)
          B_tile[stage ^ 1][k_stage][threadIdx.x] = B_tile_next[(k_stage - threadIdx.y) / 8];
    }
    __syncthreads();
    stage ^= 1;
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
