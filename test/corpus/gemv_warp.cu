// GEMV: one warp per row with __restrict__ and const already present, a
// row-per-thread version, and a float4 variant for K % 4 == 0.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cuda_runtime.h>

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

__global__ void gemv_warp(const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y, int M,
                          int K) {
  const int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const int lane = threadIdx.x & 31;
  if (row >= M) return;
  float acc = 0.f;
  for (int k = lane; k < K; k += 32) acc += A[(size_t)row * K + k] * x[k];
  acc = warp_sum(acc);
  if (lane == 0) y[row] = acc;
}

__global__ void gemv_thread(const float *A, const float *x, float *y, int M, int K) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M) {
    float acc = 0.f;
    for (int k = 0; k < K; ++k) acc += A[row * K + k] * x[k];
    y[row] = acc;
  }
}

__global__ void gemv_vec4(const float4 *__restrict__ A4, const float4 *__restrict__ x4, float *y, int M, int K4) {
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= M) return;
  float acc = 0.f;
  for (int k = lane; k < K4; k += 32) {
    float4 a = A4[(size_t)row * K4 + k];
    float4 b = x4[k];
    acc += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  }
  acc = warp_sum(acc);
  if (lane == 0) y[row] = acc;
}

void gemv(const float *A, const float *x, float *y, int M, int K) {
  if (K % 4 == 0)
    gemv_vec4<<<(M + 7) / 8, 256>>>(reinterpret_cast<const float4 *>(A), reinterpret_cast<const float4 *>(x), y, M,
                                     K / 4);
  else
    gemv_warp<<<(M + 7) / 8, 256>>>(A, x, y, M, K);
  gemv_thread<<<(M + 255) / 256, 256>>>(A, x, y, M, K);
}
