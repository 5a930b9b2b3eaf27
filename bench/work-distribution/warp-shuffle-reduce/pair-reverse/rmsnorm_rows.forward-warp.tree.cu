// RMSNorm of an M x N float matrix with a weight per column, naive and
// templated on the element type: one thread per row, a while loop for the
// sum of squares, a for loop for the output.
#include <cuda_runtime.h>

template <typename T>
__global__ void rmsnorm_rows_kernel(const T *x, const T *weight, T *y, int M, int N, T eps) {
  for (int row = blockIdx.x; row < M; row += gridDim.x) {
  T ss = 0;
  int c = threadIdx.x;
  while (c < N) {
    T v = x[row * N + c];
    ss += v * v;
    c += blockDim.x;
  }
  __shared__ float ss_tree[32];
  const unsigned ss_rank_1 = threadIdx.x;
  const unsigned ss_lane_1 = ss_rank_1 % 32u;
  __syncwarp();
  ss_tree[ss_rank_1] = ss;
  __syncwarp();
  for (unsigned ss_stride = 16; ss_stride > 0; ss_stride /= 2) {
    if (ss_lane_1 < ss_stride)
      ss_tree[ss_rank_1] += ss_tree[ss_rank_1 + ss_stride];
    __syncwarp();
  }
  ss = ss_tree[ss_rank_1 - ss_lane_1];
  const T scale = rsqrtf(ss / N + eps);
  for (int j = threadIdx.x; j < N; j += blockDim.x)
    y[row * N + j] = x[row * N + j] * scale * weight[j];
  }
}

void rmsnorm_rows_launch(int M, int N, const float *x, const float *weight, float *y) {
  dim3 block(256);
  dim3 grid((M + block.x - 1) / block.x);
  if (M > 0)
    rmsnorm_rows_kernel<float><<<M, 32>>>(x, weight, y, M, N, 1e-6f);
}
