// RUN: %klineage-rewrite --rewrite=smem-tile --direction=reverse %s -o %t.rev.cu
// RUN: %expect-exit 2 %klineage-rewrite --rewrite=smem-tile --direction=forward %t.rev.cu -o %t.back.cu 2> %t.err
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.err
// RUN: grep -v "CHECK" %t.back.cu | FileCheck %s
// RUN: %nvcc -c %t.back.cu -o %t.o
// REQUIRES: nvcc
// Reverse then forward: the tiled loop of matmul_tiled (workloads/
// matmul-small) loses its tiles, and forward stages the inner loop's reads
// again (the inner loop is a counted loop whose reads the block shares; its
// `#pragma unroll` stays on it; TILE steps are whole tiles: no bound
// checks). The outer loop steps by TILE: forward refuses it (exit 2) and
// stages the inner one.
// REFUSED: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'loop-counted' fails: the counter 'k0' does not step by one [KL2501]
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

// CHECK:      {{^}}  for (int k0 = 0; k0 < K; k0 += TILE) {{{$}}
// CHECK-NEXT: {{^}}    __shared__ float A_tile[32][32];{{$}}
// CHECK-NEXT: {{^}}    __shared__ float B_tile[32][32];{{$}}
// CHECK-NEXT: {{^}}    for (int k0_1 = 0; k0_1 < TILE; k0_1 += 32) {{{$}}
// CHECK-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + k0_1 + threadIdx.x];{{$}}
// CHECK-NEXT: {{^}}      B_tile[threadIdx.y][threadIdx.x] = B[(k0 + k0_1 + threadIdx.y) * N + col];{{$}}
// CHECK-NEXT: {{^}}      __syncthreads();{{$}}
// CHECK-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-NEXT: {{^}}      for (int k = k0_1; k < k0_1 + 32; ++k){{$}}
// CHECK-NEXT: {{^}}        acc += A_tile[threadIdx.y][k - k0_1] * B_tile[k - k0_1][threadIdx.x];{{$}}

void matmul_launch(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, M / TILE);
  matmul_tiled<<<grid, block>>>(M, N, K, A, B, C);
}
