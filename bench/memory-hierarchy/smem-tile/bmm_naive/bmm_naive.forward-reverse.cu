// Batched SGEMM, naive (smem-tile bench): for every batch b, C[b] = A[b] * B[b],
// row-major fp32, A[b] is m x k, B[b] is k x n. One thread per element of C,
// threads past the matrix leave early; the batch is blockIdx.z.
#include <cuda_runtime.h>
#include <cstddef>

#define BLK 16

__global__ void bmm_naive(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                          int m, int n, int k) {
  const int i = blockIdx.y * BLK + threadIdx.y;
  const int j = blockIdx.x * BLK + threadIdx.x;
  const float *ab = a + (size_t)blockIdx.z * m * k;
  const float *bb = b + (size_t)blockIdx.z * k * n;
  float s = 0.f;
  for (int p0 = 0; p0 < k; p0 += 16) {
    if (p0 + 15 < k) {
      for (int p = p0; p < p0 + 16; ++p)
        s += (i < m ? ab[i * k + p] : 0) * (j < n ? bb[p * n + j] : 0);
    } else {
      for (int p = p0; p < p0 + 16 && p < k; ++p)
        s += (i < m ? ab[i * k + p] : 0) * (j < n ? bb[p * n + j] : 0);
    }
  }
  if (i < m && j < n) {
    c[(size_t)blockIdx.z * m * n + (size_t)i * n + j] = s;
  }
}

void bmm_launch(int batches, int m, int n, int k, const float *a, const float *b, float *c) {
  dim3 block(BLK, BLK);
  dim3 grid((n + BLK - 1) / BLK, (m + BLK - 1) / BLK, batches);
  bmm_naive<<<grid, block>>>(a, b, c, m, n, k);
}
