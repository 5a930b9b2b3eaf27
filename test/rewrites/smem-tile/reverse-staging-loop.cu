// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// A tile longer than the block along y (32 steps, blockDim.y 8): each
// thread stages four elements in a loop from threadIdx.y stepping by the
// block's height, as forward writes for a 32 x 8 block. A read B_tile[r][tx]
// is the element the loop staged at j = r: the counter is replaced by the
// read's subscript (k0 + (k - k0) folds to k); the loop goes with the other
// stores.
#include <cuda_runtime.h>

__global__ void mm_32x8(int M, int N, int K, const float *A, const float *B, float *C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.f;
  __shared__ float A_tile[8][32];
  __shared__ float B_tile[32][32];
  for (int k0 = 0; k0 < K; k0 += 32) {
    if (k0 + threadIdx.x < K && row < M)
      A_tile[threadIdx.y][threadIdx.x] = A[row * K + k0 + threadIdx.x];
    for (int j = threadIdx.y; j < 32; j += blockDim.y)
      if (k0 + j < K && col < N)
        B_tile[j][threadIdx.x] = B[(k0 + j) * N + col];
    __syncthreads();
    for (int k = k0; k < k0 + 32 && k < K; ++k)
      acc += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
// CHECK-FIXES:      {{^}}  float acc = 0.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 32) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = k0; k < k0 + 32 && k < K; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}      acc += (row < M ? A[row * K + k] : 0) * (col < N ? B[k * N + col] : 0);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void run(int M, int N, int K, const float *A, const float *B, float *C) {
  mm_32x8<<<dim3((N + 31) / 32, (M + 7) / 8), dim3(32, 8)>>>(M, N, K, A, B, C);
}
