// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: C = A^T * B with A stored K x M (cuBLAS's T operand), a 32 x 32 block
// given as dim3 variables, a launcher with a stream. A[k * M + r] is still a
// row operand (it reads threadIdx.y through r): its staging walks k with
// threadIdx.x, a strided load; B's is coalesced.
// C = A^T * B with A stored K x M (column-major A, as cuBLAS's "T" op).
#include <cuda_runtime.h>
__global__ void gemm_tn(const float *A, const float *B, float *C, int M, int N, int K) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < M && c < N) {
    float acc = 0.f;
    for (int k = 0; k < K; k++)
      acc += A[k * M + r] * B[k * N + c];
    C[r * N + c] = acc;
  }
}
// CHECK-FIXES:      {{^}}  __shared__ float A_tile[32][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[32][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 32) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.x < K && r < M){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = A[(k0 + threadIdx.x) * M + r];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.y < K && c < N){{$}}
// CHECK-FIXES-NEXT: {{^}}      B_tile[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + c];{{$}}
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
void gemm_tn_launch(const float *A, const float *B, float *C, int M, int N, int K, cudaStream_t s) {
  dim3 threads(32, 32);
  dim3 blocks((N + 31) / 32, (M + 31) / 32);
  gemm_tn<<<blocks, threads, 0, s>>>(A, B, C, M, N, K);
}
