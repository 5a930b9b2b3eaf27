// REQUIRES: nvcc
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=forward %s -o %t.fwd.cu --assume=reassociate
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=reverse %t.fwd.cu -o %t.back.cu --assume=reassociate
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.back.cu
// RUN: not grep -E "^[^/]*(__shfl|__shared__|__syncthreads)" %t.back.cu
// RUN: %nvcc -c -o %t.back.o %t.back.cu
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=forward %s -o %t.wfwd.cu --assume=reassociate --option=width=warp
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=reverse %t.wfwd.cu -o %t.wback.cu --assume=reassociate
// RUN: not grep -E "^[^/]*(__shfl|__shared__|__syncthreads)" %t.wback.cu
// RUN: %nvcc -c -o %t.wback.o %t.wback.cu
// Forward then reverse on online softmax and logsumexp: the forward's pair
// reduction of (max, sum) -- shuffles, a shared stage of two arrays, warp
// 0's guarded combine, the broadcast through element 0 -- is read back as
// the online softmax's combine and removed; one thread per row folds its
// whole row again. With width=warp, the pair's broadcast from lane 0
// (`m = __shfl_sync(.., m, 0)`) goes with it.
#include <cuda_runtime.h>

__global__ void online_softmax(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = -INFINITY;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    float mn = fmaxf(m, v);
    s = s * __expf(m - mn) + __expf(v - mn);
    m = mn;
  }
  float inv = 1.0f / s;
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = __expf(x[r * cols + c] - m) * inv;
}

void online_softmax_launch(const float *x, float *y, int rows, int cols) {
  online_softmax<<<(rows + 127) / 128, 128>>>(x, y, rows, cols);
}

__global__ void online_lse(const float *x, float *lse, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float m = -INFINITY, s = 0.f;
  for (int c = 0; c < cols; ++c) {
    float v = x[r * cols + c];
    if (v > m) {
      s = s * expf(m - v) + 1.f;
      m = v;
    } else {
      s += expf(v - m);
    }
  }
  lse[r] = m + logf(s);
}

void online_lse_launch(const float *x, float *lse, int rows, int cols) {
  online_lse<<<(rows + 127) / 128, 128>>>(x, lse, rows, cols);
}
// BACK:       {{^}}__global__ void online_softmax(const float *x, float *y, int rows, int cols) {
// BACK-NEXT:  {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// BACK-NEXT:  {{^}}  if (r < rows) {
// BACK-NEXT:  {{^}}  float m = -INFINITY;
// BACK-NEXT:  {{^}}  float s = 0.0f;
// BACK-NEXT:  {{^}}  for (int c = 0; c < cols; ++c) {
// BACK-NEXT:  {{^}}    float v = x[r * cols + c];
// BACK-NEXT:  {{^}}    float mn = fmaxf(m, v);
// BACK-NEXT:  {{^}}    s = s * __expf(m - mn) + __expf(v - mn);
// BACK-NEXT:  {{^}}    m = mn;
// BACK-NEXT:  {{^}}  }
// BACK-NEXT:  {{^}}  float inv = 1.0f / s;
// BACK-NEXT:  {{^}}  for (int c = 0; c < cols; ++c)
// BACK-NEXT:  {{^}}    y[r * cols + c] = __expf(x[r * cols + c] - m) * inv;
// BACK-NEXT:  {{^}}  }
// BACK-NEXT:  {{^}}}
// BACK:       {{^}}  online_softmax<<<rows / 256 + (rows % 256 != 0), 256>>>(x, y, rows, cols);
// BACK:       {{^}}__global__ void online_lse(const float *x, float *lse, int rows, int cols) {
// BACK-NEXT:  {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// BACK-NEXT:  {{^}}  if (r < rows) {
// BACK-NEXT:  {{^}}  float m = -INFINITY, s = 0.f;
// BACK-NEXT:  {{^}}  for (int c = 0; c < cols; ++c) {
// BACK:       {{^}}  lse[r] = m + logf(s);
// BACK-NEXT:  {{^}}  }
// BACK-NEXT:  {{^}}}
// BACK:       {{^}}  online_lse<<<rows / 256 + (rows % 256 != 0), 256>>>(x, lse, rows, cols);
