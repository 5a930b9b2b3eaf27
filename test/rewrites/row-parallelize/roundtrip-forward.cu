// REQUIRES: nvcc
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=forward %s -o %t.fwd.cu --assume=reassociate
// RUN: %klineage-rewrite --rewrite=row-parallelize --direction=reverse %t.fwd.cu -o %t.back.cu --assume=reassociate
// RUN: FileCheck %s --check-prefix=BACK --input-file=%t.back.cu
// RUN: %nvcc -c -o %t.back.o %t.back.cu
// Forward then reverse: one block per row (a grid-stride loop over rows,
// a block reduction broadcast through a shared slot) walks back to one
// thread per row. The text is not the input's: the row is guarded by `if
// (r < rows) { ... }` and the launch covers the rows with 256-thread
// blocks; the column loops, the sum and the scaling are the input's.
#include <cuda_runtime.h>

__global__ void l2_normalize(const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float ss = 0.0f;
  for (int c = 0; c < cols; ++c)
    ss += x[r * cols + c] * x[r * cols + c];
  float inv = rsqrtf(ss + 1e-12f);
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] = x[r * cols + c] * inv;
}

void l2_normalize_launch(const float *x, float *y, int rows, int cols, cudaStream_t stream) {
  l2_normalize<<<(rows + 127) / 128, 128, 0, stream>>>(x, y, rows, cols);
}
// BACK:       {{^}}__global__ void l2_normalize(const float *x, float *y, int rows, int cols) {
// BACK-NEXT:  {{^}}  int r = blockIdx.x * blockDim.x + threadIdx.x;
// BACK-NEXT:  {{^}}  if (r < rows) {
// BACK-NEXT:  {{^}}  float ss = 0.0f;
// BACK-NEXT:  {{^}}  for (int c = 0; c < cols; ++c)
// BACK-NEXT:  {{^}}    ss += x[r * cols + c] * x[r * cols + c];
// BACK-NEXT:  {{^}}  float inv = rsqrtf(ss + 1e-12f);
// BACK-NEXT:  {{^}}  for (int c = 0; c < cols; ++c)
// BACK-NEXT:  {{^}}    y[r * cols + c] = x[r * cols + c] * inv;
// BACK-NEXT:  {{^}}  }
// BACK-NEXT:  {{^}}}
// BACK:       {{^}}  l2_normalize<<<rows / 256 + (rows % 256 != 0), 256, 0, stream>>>(x, y, rows, cols);
