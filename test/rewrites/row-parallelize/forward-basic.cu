// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// A row-wise L2 normalisation, one thread per row: thread r sums the
// squares of row r, then scales the row. Forward: one block of 256 threads
// per row; the columns are strided over the block, the sum is reduced
// across it and broadcast, and the launch gets one block per row.
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
