// Shared-memory tiled SGEMM (32x32 tiles). Needs M, N, K multiples of 32:
// the workload's domain facts guarantee it.
#include <cuda_runtime.h>

#define TILE 32

__global__ void matmul_tiled(int M, int N, int K, const float *__restrict__ A,
                             const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

void matmul_launch(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, M / TILE);
  matmul_tiled<<<grid, block>>>(M, N, K, A, B, C);
}
