// A row kernel whose block width comes from the build (-DROW_BLOCK=...):
// without its compile_commands.json entry it does not parse.
#include <cuda_runtime.h>
#ifndef ROW_BLOCK
#error "build with -DROW_BLOCK=N"
#endif

__global__ void row_sums(int rows, int cols, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0.0f;
    for (int c = 0; c < cols; ++c)
      s += x[r * cols + c];
    for (int c = 0; c < cols; ++c)
      y[r * cols + c] = x[r * cols + c] / s;
  }
}

void row_sums_launch(int rows, int cols, const float *x, float *y) {
  row_sums<<<(rows + ROW_BLOCK - 1) / ROW_BLOCK, ROW_BLOCK>>>(rows, cols, x, y);
}
