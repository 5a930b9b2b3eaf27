// Row softmax of an M x N float matrix, naive version:
//   out[r][c] = exp(in[r][c] - max_r) / sum_c' exp(in[r][c'] - max_r)
// One thread per row: three passes over the row (max, sum, write) in global
// memory.
// Domain: any M, N >= 1 (M*N < 2^31).
#include <cuda_runtime.h>

__global__ void softmax_naive_kernel(int M, int N, const float *in, float *out) {
  for (int row = blockIdx.x; row < M; row += gridDim.x) {
  if (row < M) {
    float m = -INFINITY;
    for (int c = threadIdx.x; c < N; c += blockDim.x)
      m = fmaxf(m, in[row * N + c]);
    const unsigned m_rank = threadIdx.x;
    const unsigned m_lane = m_rank % 32u;
    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
      m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
    m = __shfl_sync(0xffffffffu, m, 0);
    float sum = 0.0f;
    for (int c = threadIdx.x; c < N; c += blockDim.x)
      sum += expf(in[row * N + c] - m);
    const unsigned sum_rank = threadIdx.x;
    const unsigned sum_lane = sum_rank % 32u;
    for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
    sum = __shfl_sync(0xffffffffu, sum, 0);
    for (int c = threadIdx.x; c < N; c += blockDim.x)
      out[row * N + c] = expf(in[row * N + c] - m) / sum;
  }
  }
}

// Host launcher: device pointers, sizes as in the manifest (softmax.yaml).
void softmax_launch(int M, int N, const float *in, float *out) {
  int block = 256;
  int grid = (M + block - 1) / block;
  softmax_naive_kernel<<<M, 32>>>(M, N, in, out);
}
