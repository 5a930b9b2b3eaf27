// Row-wise L2 normalisation of an M x N float matrix, naive: one thread per
// row sums the squares of its row, then scales it (each thread walks 4N
// bytes alone; neighbouring threads read addresses 4N bytes apart).
#include <cuda_runtime.h>

__global__ void l2norm_rows_kernel(int M, int N, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M)
    return;
  float ss = 0.0f;
  for (int c = 0; c < N; ++c)
    ss += x[(size_t)r * N + c] * x[(size_t)r * N + c];
  float inv = 1.0f / fmaxf(sqrtf(ss), 1e-12f);
  for (int c = 0; c < N; ++c)
    y[(size_t)r * N + c] = x[(size_t)r * N + c] * inv;
}

void l2norm_rows_launch(int M, int N, const float *x, float *y) {
  int block = 256;
  int grid = (M + block - 1) / block;
  if (grid > 0)
    l2norm_rows_kernel<<<grid, block>>>(M, N, x, y);
}
