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
    __shared__ float m_warps[32];
    const unsigned m_rank = threadIdx.x;
    const unsigned m_lane = m_rank % 32u;
    const unsigned m_threads = blockDim.x;
    for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
      m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
    __syncthreads();
    if (m_lane == 0)
      m_warps[m_rank / 32u] = m;
    __syncthreads();
    if (m_rank < 32u) {
      m = m_rank < (m_threads + 31u) / 32u ? m_warps[m_rank] : -INFINITY;
      for (unsigned m_offset = 16; m_offset > 0; m_offset /= 2)
        m = max(m, __shfl_down_sync(0xffffffffu, m, m_offset));
    }
    if (m_rank == 0)
      m_warps[0] = m;
    __syncthreads();
    m = m_warps[0];
    float sum = 0.0f;
    for (int c = threadIdx.x; c < N; c += blockDim.x)
      sum += expf(in[row * N + c] - m);
    __shared__ float sum_warps[32];
    const unsigned sum_rank = threadIdx.x;
    const unsigned sum_lane = sum_rank % 32u;
    const unsigned sum_threads = blockDim.x;
    for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
    __syncthreads();
    if (sum_lane == 0)
      sum_warps[sum_rank / 32u] = sum;
    __syncthreads();
    if (sum_rank < 32u) {
      sum = sum_rank < (sum_threads + 31u) / 32u ? sum_warps[sum_rank] : -0.0f;
      for (unsigned sum_offset = 16; sum_offset > 0; sum_offset /= 2)
        sum += __shfl_down_sync(0xffffffffu, sum, sum_offset);
    }
    if (sum_rank == 0)
      sum_warps[0] = sum;
    __syncthreads();
    sum = sum_warps[0];
    for (int c = threadIdx.x; c < N; c += blockDim.x)
      out[row * N + c] = expf(in[row * N + c] - m) / sum;
  }
  }
}

// Host launcher: device pointers, sizes as in the manifest (softmax.yaml).
void softmax_launch(int M, int N, const float *in, float *out) {
  int block = 256;
  int grid = (M + block - 1) / block;
  softmax_naive_kernel<<<M, 256>>>(M, N, in, out);
}
