// Row softmax of an M x N float matrix, naive version:
//   out[r][c] = exp(in[r][c] - max_r) / sum_c' exp(in[r][c'] - max_r)
// One thread per row: three passes over the row (max, sum, write) in global
// memory.
// Domain: any M, N >= 1 (M*N < 2^31).
#include <cuda_runtime.h>

__global__ void softmax_naive_kernel(int M, int N, const float *in, float *out) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M) {
    float m = -INFINITY;
    for (int c = 0; c < N; ++c)
      m = fmaxf(m, in[row * N + c]);
    float sum = 0.0f;
    for (int c = 0; c < N; ++c)
      sum += expf(in[row * N + c] - m);
    for (int c = 0; c < N; ++c)
      out[row * N + c] = expf(in[row * N + c] - m) / sum;
  }
}

// Host launcher: device pointers, sizes as in the manifest (softmax.yaml).
void softmax_launch(int M, int N, const float *in, float *out) {
  int block = 256;
  int grid = (M + block - 1) / block;
  softmax_naive_kernel<<<grid, block>>>(M, N, in, out);
}
