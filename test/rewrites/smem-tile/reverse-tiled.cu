// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// The CUDA programming guide's tiled product, bounds checked: each step
// stages A and B (0 past the matrix), waits, multiplies the tiles, waits.
// Reverse: each tile read becomes the global element it holds, computed by
// the reading thread -- the store's threadIdx.x (through the local tx)
// replaced by the read's k -- under the staging's condition (its term
// t * TILE + k < n stays: nothing around the read says it); the stores,
// both barriers and both tiles go.
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
    if (row < n && t * TILE + tx < n)
      As[ty][tx] = A[row * n + t * TILE + tx];
    else
      As[ty][tx] = 0.0f;
    if (col < n && t * TILE + ty < n)
      Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    else
      Bs[ty][tx] = 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = acc;
}
// CHECK-FIXES:      {{^}}__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  int tx = threadIdx.x, ty = threadIdx.y;{{$}}
// CHECK-FIXES:      {{^}}  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < TILE; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}      acc += (row < n && t * TILE + k < n ? A[row * n + t * TILE + k] : 0.0f) * (col < n && t * TILE + k < n ? B[(t * TILE + k) * n + col] : 0.0f);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void launch(const float *A, const float *B, float *C, int n) {
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(A, B, C, n);
}
