// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// REQUIRES: nvcc
// smem-tile's SGEMM (workloads/sgemm/naive.cu through smem-tile forward):
// each step stages one element of each operand under its bound, waits,
// computes and waits. The tiles get a second stage; a prologue stages the
// first step (k0 = 0, when the loop runs at all) into stage 0; each step
// loads the next step's elements into registers under the same bounds at
// k0 + 16 before computing from the current stage, stores them into the
// other stage after it, and waits once. `k0 + 16` stays a subtree of every
// sum (parenthesised where it is a right operand) so the reverse finds it.
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  __shared__ float A_tile[16][16];
  __shared__ float B_tile[16][16];
  for (int k0 = 0; k0 < K; k0 += 16) {
    if (k0 + threadIdx.x < K && row < M)
      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];
    if (k0 + threadIdx.y < K && col < N)
      B_tile[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + col];
    __syncthreads();
    if (k0 + 15 < K) {
      for (int k = k0; k < k0 + 16; ++k)
        sum += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    } else {
      for (int k = k0; k < k0 + 16 && k < K; ++k)
        sum += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    }
    __syncthreads();
  }
  if (row < M && col < N) {
    C[row * N + col] = alpha * sum + beta * C[row * N + col];
  }
}
// CHECK-FIXES:      {{^}}  __shared__ float A_tile[2][16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[2][16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (0 < K) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (0 + threadIdx.x < K && row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[0][threadIdx.y][threadIdx.x] = A[row * K + 0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (0 + threadIdx.y < K && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}      B_tile[0][threadIdx.y][threadIdx.x] = B[(0 + threadIdx.y) * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const bool has_next = k0 + 16 < K;{{$}}
// CHECK-FIXES-NEXT: {{^}}    float A_tile_next;{{$}}
// CHECK-FIXES-NEXT: {{^}}    float B_tile_next;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (has_next) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + 16 + threadIdx.x < K && row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}        A_tile_next = A[row * K + (k0 + 16) + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + 16 + threadIdx.y < K && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}        B_tile_next = B[(k0 + 16 + threadIdx.y) * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + 15 < K) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 16; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        sum += A_tile[stage][threadIdx.y][k - k0] * B_tile[stage][k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 16 && k < K; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        sum += A_tile[stage][threadIdx.y][k - k0] * B_tile[stage][k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (has_next) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + 16 + threadIdx.x < K && row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}        A_tile[stage ^ 1][threadIdx.y][threadIdx.x] = A_tile_next;{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + 16 + threadIdx.y < K && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}        B_tile[stage ^ 1][threadIdx.y][threadIdx.x] = B_tile_next;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    stage ^= 1;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (row < M && col < N) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    C[row * N + col] = alpha * sum + beta * C[row * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

// Host launcher: device pointers, sizes as in the manifest (sgemm.yaml).
void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
           float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<grid, block>>>(M, N, K, alpha, A, B, beta, C);
}
