// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=reverse
// REQUIRES: nvcc
// Reverse then forward gives the input back: the double-buffered tiled
// product (forward's output on roundtrip-forward.cu). Reverse drops the
// prologue, the stage index and its toggle, moves `t + 1` back to t and
// folds the registers into the stores; forward brings them all back under
// the same names.
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  __shared__ float Bs[2][TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  if (0 < (n + TILE - 1) / TILE) {
    As[0][ty][tx] = (row < n && 0 * TILE + tx < n) ? A[row * n + 0 * TILE + tx] : 0.0f;
    Bs[0][ty][tx] = (col < n && 0 * TILE + ty < n) ? B[(0 * TILE + ty) * n + col] : 0.0f;
  }
  __syncthreads();
  int stage = 0;
  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
    const bool has_next = t + 1 < (n + TILE - 1) / TILE;
    float As_next;
    float Bs_next;
    if (has_next) {
      As_next = (row < n && (t + 1) * TILE + tx < n) ? A[row * n + (t + 1) * TILE + tx] : 0.0f;
      Bs_next = (col < n && (t + 1) * TILE + ty < n) ? B[((t + 1) * TILE + ty) * n + col] : 0.0f;
    }
    for (int k = 0; k < TILE; ++k)
      acc += As[stage][ty][k] * Bs[stage][k][tx];
    if (has_next) {
      As[stage ^ 1][ty][tx] = As_next;
      Bs[stage ^ 1][ty][tx] = Bs_next;
    }
    __syncthreads();
    stage ^= 1;
  }
  if (row < n && col < n)
    C[row * n + col] = acc;
}

void launch(const float *A, const float *B, float *C, int n) {
  dim3 block(TILE, TILE);
  dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(A, B, C, n);
}
