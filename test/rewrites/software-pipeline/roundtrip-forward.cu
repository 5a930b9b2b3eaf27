// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// Forward then reverse gives the input back: the textbook tiled product
// (a tile counter t stepping by one, zero-filled tiles under a ternary,
// TILE a macro). Forward copies the staging with t at t + 1; reverse finds
// each `t + 1` and moves it back to t, and the registers that only carry
// a value from its load to its store fold into the store again.
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
    As[ty][tx] = (row < n && t * TILE + tx < n) ? A[row * n + t * TILE + tx] : 0.0f;
    Bs[ty][tx] = (col < n && t * TILE + ty < n) ? B[(t * TILE + ty) * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = acc;
}

void launch(const float *A, const float *B, float *C, int n) {
  dim3 block(TILE, TILE);
  dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(A, B, C, n);
}
