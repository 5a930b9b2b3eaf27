// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// A 32 x 8 block that leaves early past the matrix. A row operand fills a
// tile of 32 steps with one load per thread, a column operand only 8: its
// 32 x 32 tile takes four loads per thread, in a loop from threadIdx.y. The
// early return goes (threads it would stop must reach the barriers); what
// follows the loop runs under its negation, the comparisons flipped.
#include <cuda_runtime.h>

__global__ void matmul_naive(int M, int N, int K, const float *A, const float *B, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
// CHECK-FIXES:      {{^}}  int row = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  float acc = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float A_tile[8][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[32][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 32) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.x < K && row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k_stage = threadIdx.y; k_stage < 32; k_stage += 8){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + k_stage < K && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}        B_tile[k_stage][threadIdx.x] = B[(k0 + k_stage) * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + 31 < K) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 32; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        acc += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 32 && k < K; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        acc += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (row < M && col < N) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    C[row * N + col] = acc;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void matmul_launch(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 block(32, 8);
  dim3 grid((N + 31) / 32, (M + 7) / 8);
  matmul_naive<<<grid, block>>>(M, N, K, A, B, C);
}
