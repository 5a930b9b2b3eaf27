// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// Tiled products that walk their operands' pointers (siboehm's "shared
// memory cache blocking"): `a += T; b += T * n;` between the barrier and the
// reads. Each read names the staging's element through the pointer as it was
// (`(a - T)[...]`). The second kernel is the flattened 1-D form: a block of
// BS * BS threads, slots `threadRow * BS + threadCol` with threadRow =
// threadIdx.x / BS and threadCol = threadIdx.x % BS (which recompose
// threadIdx.x), a templated tile size: a read `threadRow * BS + dotIdx` with
// dotIdx in [0, BS) names row threadRow, column dotIdx.
#include <cuda_runtime.h>

#define T 32

__global__ void walk(int n, const float *a, const float *b, float *c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  a += blockIdx.y * T * n;
  b += blockIdx.x * T;
  c += blockIdx.y * T * n + blockIdx.x * T;
  float s = 0;
  for (int t = 0; t < n; t += T) {
    as[ty][tx] = a[ty * n + tx];
    bs[ty][tx] = b[ty * n + tx];
    __syncthreads();
    a += T;
    b += T * n;
    for (int k = 0; k < T; ++k)
      s += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[ty * n + tx] = s;
}
// CHECK-FIXES:      {{^}}  for (int t = 0; t < n; t += T) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    a += T;{{$}}
// CHECK-FIXES-NEXT: {{^}}    b += T * n;{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < T; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}      s += (a - T)[ty * n + k] * (b - (T * n))[k * n + tx];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

template <const int BLOCKSIZE>
__global__ void sgemm_shared_mem_block(int M, int N, int K, float alpha, const float *A, const float *B,
                                       float beta, float *C) {
  const uint cRow = blockIdx.x;
  const uint cCol = blockIdx.y;
  __shared__ float As[BLOCKSIZE * BLOCKSIZE];
  __shared__ float Bs[BLOCKSIZE * BLOCKSIZE];
  const uint threadCol = threadIdx.x % BLOCKSIZE;
  const uint threadRow = threadIdx.x / BLOCKSIZE;
  A += cRow * BLOCKSIZE * K;
  B += cCol * BLOCKSIZE;
  C += cRow * BLOCKSIZE * N + cCol * BLOCKSIZE;
  float tmp = 0.0;
  for (int bkIdx = 0; bkIdx < K; bkIdx += BLOCKSIZE) {
    As[threadRow * BLOCKSIZE + threadCol] = A[threadRow * K + threadCol];
    Bs[threadRow * BLOCKSIZE + threadCol] = B[threadRow * N + threadCol];
    __syncthreads();
    A += BLOCKSIZE;
    B += BLOCKSIZE * N;
    for (int dotIdx = 0; dotIdx < BLOCKSIZE; ++dotIdx) {
      tmp += As[threadRow * BLOCKSIZE + dotIdx] * Bs[dotIdx * BLOCKSIZE + threadCol];
    }
    __syncthreads();
  }
  C[threadRow * N + threadCol] = alpha * tmp + beta * C[threadRow * N + threadCol];
}
// CHECK-FIXES:      {{^}}      tmp += (A - BLOCKSIZE)[threadRow * K + dotIdx] * (B - (BLOCKSIZE * N))[dotIdx * N + threadCol];{{$}}

// A read whose column is a parameter (its range unknown): the row and column
// of its slot stay divisions of the slot.
__global__ void gather_cols(const float *a, float *out, int n, int col) {
  __shared__ float t[16 * 16];
  const int r = threadIdx.x / 16, c = threadIdx.x % 16;
  float s = 0;
  for (int k0 = 0; k0 < n; k0 += 16) {
    t[r * 16 + c] = a[r * n + k0 + c];
    __syncthreads();
    s += t[r * 16 + col];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = s;
}
// CHECK-FIXES:      {{^}}    s += a[((r * 16 + col) / 16) * n + k0 + ((r * 16 + col) % 16)];{{$}}

void run(int n, const float *a, const float *b, float *c) {
  walk<<<dim3(n / T, n / T), dim3(T, T)>>>(n, a, b, c);
  gather_cols<<<n / 256, 256>>>(a, c, n, 3);
}

void runSgemmSharedMemBlock(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  dim3 gridDim((M + 31) / 32, (N + 31) / 32);
  dim3 blockDim(32 * 32);
  sgemm_shared_mem_block<32><<<gridDim, blockDim>>>(M, N, K, alpha, A, B, beta, C);
}
