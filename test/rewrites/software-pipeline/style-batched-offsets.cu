// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// A batched product: per-batch base pointers computed once before the loop
// (blockIdx.z), the tile counter t counting tiles, the k loop bounded by
// the tile, a guard on the store only.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>

#define TS 16

__global__ void bmm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int M, int N,
                    int K) {
  const int b = blockIdx.z;
  const float *a = A + (size_t)b * M * K;
  const float *bb = B + (size_t)b * K * N;
  __shared__ float ta[TS][TS + 1];
  __shared__ float tb[TS][TS + 1];
  int i = blockIdx.y * TS + threadIdx.y, j = blockIdx.x * TS + threadIdx.x;
  float s = 0;
  for (int t = 0; t * TS < K; t++) {
    ta[threadIdx.y][threadIdx.x] = (i < M && t * TS + threadIdx.x < K) ? a[i * K + t * TS + threadIdx.x] : 0;
    tb[threadIdx.y][threadIdx.x] = (j < N && t * TS + threadIdx.y < K) ? bb[(t * TS + threadIdx.y) * N + j] : 0;
    __syncthreads();
    for (int k = 0; k < TS; k++)
      s += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  if (i < M && j < N)
    C[(size_t)b * M * N + i * N + j] = s;
}
// CHECK-FIXES: {{^}}  __shared__ float ta[2][TS][TS + 1];{{$}}
// CHECK-FIXES: {{^}}  if (0 * TS < K) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = (t + 1) * TS < K;{{$}}
// CHECK-FIXES: {{^}}      ta_next = (i < M && (t + 1) * TS + threadIdx.x < K) ? a[i * K + (t + 1) * TS + threadIdx.x] : 0;{{$}}
// CHECK-FIXES: {{^}}      s += ta[stage][threadIdx.y][k] * tb[stage][k][threadIdx.x];{{$}}
// CHECK-FIXES: {{^}}      ta[stage ^ 1][threadIdx.y][threadIdx.x] = ta_next;{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
