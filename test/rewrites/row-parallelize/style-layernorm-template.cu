// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// LayerNorm, templated on the element type: mean and variance from one
// pass (sum and sum of squares), then the affine output.
#include <cuda_runtime.h>

template <typename T>
__global__ void layer_norm(const T *x, const T *w, const T *b, T *y, int M, int N, T eps) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M)
    return;
  T sum = 0;
  T sq = 0;
  for (int n = 0; n < N; ++n) {
    T v = x[m * N + n];
    sum += v;
    sq += v * v;
  }
  T mean = sum / N;
  T rstd = rsqrt(sq / N - mean * mean + eps);
  for (int n = 0; n < N; ++n)
    y[m * N + n] = (x[m * N + n] - mean) * rstd * w[n] + b[n];
}

void layer_norm_f32(const float *x, const float *w, const float *b, float *y, int M, int N) {
  layer_norm<float><<<(M + 255) / 256, 256>>>(x, w, b, y, M, N, 1e-5f);
}
// CHECK-FIXES: {{^}}  for (int m = blockIdx.x; m < M; m += gridDim.x) {
// CHECK-FIXES: {{^}}  for (int n = threadIdx.x; n < N; n += blockDim.x) {
// CHECK-FIXES: {{^}}  __shared__ T sum_warps[32];
// CHECK-FIXES: {{^}}  sum = sum_warps[0];
// CHECK-FIXES: {{^}}  __shared__ T sq_warps[32];
// CHECK-FIXES: {{^}}  sq = sq_warps[0];
// CHECK-FIXES: {{^}}  for (int n = threadIdx.x; n < N; n += blockDim.x)
// CHECK-FIXES: {{^}}  layer_norm<float><<<M, 256>>>(x, w, b, y, M, N, 1e-5f);
