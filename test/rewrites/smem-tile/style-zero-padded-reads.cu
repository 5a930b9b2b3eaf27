// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// Style: no guard around the loop; the operands are padded with zeros past
// the matrix (row < M ? A[row * K + k] : 0.0f) into locals of the body. Each
// selection is staged whole, its condition about the operand's own axis.
// Reads padded with zeros past the matrix instead of a guard around the loop.
#include <cuda_runtime.h>
__global__ void mm_padded(int M, int N, int K, const float *A, const float *B, float *C) {
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) {
    float a = row < M ? A[row * K + k] : 0.0f;
    float b = col < N ? B[k * N + col] : 0.0f;
    acc += a * b;
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
// CHECK-FIXES:      {{^}}  __shared__ float A_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.x < K){{$}}
// CHECK-FIXES-NEXT: {{^}}      A_tile[threadIdx.y][threadIdx.x] = row < M ? A[row * K + k0 + threadIdx.x] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + threadIdx.y < K){{$}}
// CHECK-FIXES-NEXT: {{^}}      B_tile[threadIdx.y][threadIdx.x] = col < N ? B[(k0 + threadIdx.y) * N + col] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + 15 < K) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 16; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}        float a = A_tile[threadIdx.y][k - k0];{{$}}
// CHECK-FIXES-NEXT: {{^}}        float b = B_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}        acc += a * b;{{$}}
// CHECK-FIXES-NEXT: {{^}}      }{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 16 && k < K; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}        float a = A_tile[threadIdx.y][k - k0];{{$}}
// CHECK-FIXES-NEXT: {{^}}        float b = B_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}        acc += a * b;{{$}}
// CHECK-FIXES-NEXT: {{^}}      }{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
void mm(int M, int N, int K, const float *A, const float *B, float *C) {
  mm_padded<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(M, N, K, A, B, C);
}
