// Row-wise L2 normalisation of an M x N float matrix, naive: one thread per
// row sums the squares of its row, then scales it (each thread walks 4N
// bytes alone; neighbouring threads read addresses 4N bytes apart).
#include <cuda_runtime.h>

__global__ void l2norm_rows_kernel(int M, int N, const float *x, float *y) {
  for (int r = blockIdx.x; r < M; r += gridDim.x) {
  float ss = 0.0f;
  for (int c = threadIdx.x; c < N; c += blockDim.x)
    ss += x[(size_t)r * N + c] * x[(size_t)r * N + c];
  const unsigned ss_rank = threadIdx.x;
  const unsigned ss_lane = ss_rank % 32u;
  for (unsigned ss_offset = 16; ss_offset > 0; ss_offset /= 2)
    ss += __shfl_down_sync(0xffffffffu, ss, ss_offset);
  ss = __shfl_sync(0xffffffffu, ss, 0);
  float inv = 1.0f / fmaxf(sqrtf(ss), 1e-12f);
  for (int c = threadIdx.x; c < N; c += blockDim.x)
    y[(size_t)r * N + c] = x[(size_t)r * N + c] * inv;
  }
}

void l2norm_rows_launch(int M, int N, const float *x, float *y) {
  int block = 256;
  int grid = (M + block - 1) / block;
  if (grid > 0)
    l2norm_rows_kernel<<<M, 32>>>(M, N, x, y);
}
