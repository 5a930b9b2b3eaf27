// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// An SGEMM block tile in the style of the bundled expert: A is loaded
// with float4 along k and stored transposed (As[k][m]) so that the inner
// loop can read A with float4 along m (B is read from global memory here).
// With rows of BM = 128 floats the transposing store puts lanes of rows c
// and c + 4 in one bank (2-way). Rows read as float4 must stay 16-byte
// aligned, so the pad is a multiple of 4 floats, and 4 makes the store
// conflict-free: As gets BM + 4, in the template's text.
#include <cuda_runtime.h>

template <int BM, int BN, int BK>
__global__ void sgemm_tile(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                           float *__restrict__ C) {
  __shared__ __align__(16) float As[BK][BM];
  // CHECK-FIXES: {{^}}  __shared__ __align__(16) float As[BK][BM + 4];{{$}}
  const int tid = threadIdx.x;
  const int ty = tid / 16, tx = tid % 16; // 16 x 16 threads, 8 x 8 outputs each
  float acc[8][8] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    {
      const int r = tid / (BK / 4), c = (tid % (BK / 4)) * 4;
      const float4 a = *reinterpret_cast<const float4 *>(&A[(size_t)(blockIdx.y * BM + r) * K + k0 + c]);
      As[c + 0][r] = a.x;
      As[c + 1][r] = a.y;
      As[c + 2][r] = a.z;
      As[c + 3][r] = a.w;
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = *reinterpret_cast<const float4 *>(&As[k][ty * 8]);
      const float4 a1 = *reinterpret_cast<const float4 *>(&As[k][ty * 8 + 4]);
      const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
#pragma unroll
      for (int m = 0; m < 8; ++m)
#pragma unroll
        for (int n = 0; n < 8; ++n)
          acc[m][n] += a[m] * B[(size_t)(k0 + k) * N + blockIdx.x * BN + tx * 8 + n];
    }
    __syncthreads();
  }
  for (int m = 0; m < 8; ++m)
    for (int n = 0; n < 8; ++n)
      C[(size_t)(blockIdx.y * BM + ty * 8 + m) * N + blockIdx.x * BN + tx * 8 + n] = acc[m][n];
}

void sgemm(int M, int N, int K, const float *A, const float *B, float *C, cudaStream_t stream) {
  dim3 grid(N / 128, M / 128);
  sgemm_tile<128, 128, 8><<<grid, 256, 0, stream>>>(M, N, K, A, B, C);
}
