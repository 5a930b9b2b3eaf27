// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// REQUIRES: nvcc
// register-tile's 4 x 4 SGEMM (register-tile/forward-sgemm.cu's output): its
// row and column operands are read inside copy loops, at row + i *
// blockDim.y and col + j * blockDim.x. Each is staged once per copy, by every
// thread at its own row plus the copy's 16: a 64 x 16 tile of A and a
// 16 x 64 tile of B, read at [threadIdx.y + i * 16][k - k0] and
// [k - k0][threadIdx.x + j * 16]. The accumulator's initialising loops only set
// the guarded block's own locals: they move out of the split guard with the
// declaration. The copy loops are sites too, refused (exit 2): their reads
// move with the k loop's counter.
#include <cuda_runtime.h>

__global__ void sgemm_naive_kernel(int M, int N, int K, float alpha, const float *A,
                                   const float *B, float beta, float *C) {
  int col = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  int row = blockIdx.y * blockDim.y * 4 + threadIdx.y;
  if (row < M && col < N) {
    float sum[4][4];
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        sum[i][j] = 0.0f;
    for (int k = 0; k < K; ++k) {
      float A_reg[4];
      #pragma unroll
      for (int i = 0; i < 4; ++i)
        A_reg[i] = row + i * blockDim.y < M ? A[(row + i * blockDim.y) * K + k] : 0.0f;
      float B_reg[4];
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        B_reg[j] = col + j * blockDim.x < N ? B[k * N + col + j * blockDim.x] : 0.0f;
      #pragma unroll
      for (int i = 0; i < 4; ++i)
        #pragma unroll
        for (int j = 0; j < 4; ++j)
          sum[i][j] += A_reg[i] * B_reg[j];
    }
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      #pragma unroll
      for (int j = 0; j < 4; ++j)
        if (row + i * blockDim.y < M && col + j * blockDim.x < N)
          C[(row + i * blockDim.y) * N + col + j * blockDim.x] = alpha * sum[i][j] + beta * C[(row + i * blockDim.y) * N + col + j * blockDim.x];
  }
}

// CHECK-FIXES:      {{^}}  float sum[4][4];{{$}}
// CHECK-FIXES:      {{^}}      sum[i][j] = 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float A_tile[64][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[16][64];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < K; k0 += 16) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int i_copy = 0; i_copy < 4; ++i_copy){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + threadIdx.x < K && row < M){{$}}
// CHECK-FIXES-NEXT: {{^}}        A_tile[threadIdx.y + i_copy * 16][threadIdx.x] = row + i_copy * blockDim.y < M ? A[(row + i_copy * blockDim.y) * K + k0 + threadIdx.x] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int j_copy = 0; j_copy < 4; ++j_copy){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + threadIdx.y < K && col < N){{$}}
// CHECK-FIXES-NEXT: {{^}}        B_tile[threadIdx.y][threadIdx.x + j_copy * 16] = col + j_copy * blockDim.x < N ? B[(k0 + threadIdx.y) * N + col + j_copy * blockDim.x] : 0.0f;{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES:      {{^}}          A_reg[i] = A_tile[threadIdx.y + i * 16][k - k0];{{$}}
// CHECK-FIXES:      {{^}}          B_reg[j] = B_tile[k - k0][threadIdx.x + j * 16];{{$}}
// CHECK-MESSAGES: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'reused-reads-affine' fails: {{.*}} [KL2502]
// CHECK-MESSAGES: error: cannot apply 'smem-tile' (forward) at site 3: precondition 'reused-reads-affine' fails: {{.*}} [KL2502]
// CHECK-MESSAGES: error: cannot apply 'smem-tile' (forward) at site 4: precondition 'reused-reads-affine' fails: {{.*}} [KL2502]

void sgemm_launch(int M, int N, int K, float alpha, const float *A, const float *B, float beta,
           float *C) {
  dim3 block(16, 16);
  dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  sgemm_naive_kernel<<<dim3((grid.x + 3) / 4, (grid.y + 3) / 4, grid.z), block>>>(M, N, K, alpha, A, B, beta, C);
}
