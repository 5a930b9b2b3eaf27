// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// The naive SGEMM (workloads/sgemm/naive.cu): A[row * K + k] is the same for
// the 16 threads of a block row, B[k * N + col] for the 16 of a column. The k
// loop becomes a loop over 16-step tiles: each thread stages one element of
// each operand (bounded by k < K and the guard's term about that operand's
// own index), a barrier, the original body over the tile's steps reading the
// tiles, a barrier. The guard `row < M && col < N` kept threads out of the
// loop, and every thread must reach the barriers: the loop moves out of it,
// the store stays under it.
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < K; ++k)
      sum += A[row * K + k] * B[k * N + col];
    C[row * N + col] = alpha * sum + beta * C[row * N + col];
  }
}
// CHECK-FIXES:      {{^}}  int row = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  float sum = 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float A_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.x < K && row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.y < K && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}      B_tile[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + 15 < K) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 16; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        sum += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 16 && k < K; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        sum += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (row < M && col < N) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    C[row * N + col] = alpha * sum + beta * C[row * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
                  float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<grid, block>>>(M, N, K, alpha, A, B, beta, C);
}
