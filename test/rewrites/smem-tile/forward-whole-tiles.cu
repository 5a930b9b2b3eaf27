// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward -- --assume=multiple:K:16
// REQUIRES: nvcc
// With K a multiple of the tile's 16 steps (asserted: the workload's domain
// says so), every tile is whole: the staging loads keep only the guard's
// terms and the steps run k0 .. k0 + 15 with no bound, a loop nvcc unrolls.
// Without the assertion (forward-sgemm.cu) each step also checks k < K.
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
// CHECK-FIXES:      {{^}}  for (int k0 = 0; k0 < K; k0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}      B_tile[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + col];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = k0; k < k0 + 16; ++k){{$}}

void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
                  float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<grid, block>>>(M, N, K, alpha, A, B, beta, C);
}
