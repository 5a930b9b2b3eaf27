// Row argmax of an M x N int matrix (greedy decoding over quantised
// scores), naive: one thread per row keeps the best score and its column
// ('>' keeps the first of equal scores; with about 2000 distinct scores per
// 4096 columns, ties for the maximum are common). The launcher takes a
// stream.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void argmax_rows_kernel(int M, int N, const int *__restrict__ scores, int *__restrict__ idx,
                                   int *__restrict__ best) {
  for (int r = blockIdx.x; r < M; r += gridDim.x) {
  int bv = scores[(size_t)r * N];
  int bi = 0;
  for (int c = 1 + threadIdx.x; c < N; c += blockDim.x) {
    int v = scores[(size_t)r * N + c];
    if (v > bv) {
      bv = v;
      bi = c;
    }
  }
  __shared__ int bv_tree[32];
  __shared__ int bi_tree[32];
  const unsigned bv_rank = threadIdx.x;
  const unsigned bv_lane = bv_rank % 32u;
  __syncwarp();
  bv_tree[bv_rank] = bv;
  bi_tree[bv_rank] = bi;
  __syncwarp();
  for (unsigned bv_stride = 16; bv_stride > 0; bv_stride /= 2) {
    if (bv_lane < bv_stride) {
      const int bv_other_1 = bv_tree[bv_rank + bv_stride];
      const int bi_other_1 = bi_tree[bv_rank + bv_stride];
      if (bv_other_1 > bv || (bv_other_1 == bv && bi_other_1 < bi)) {
        bv = bv_other_1;
        bi = bi_other_1;
      }
      bv_tree[bv_rank] = bv;
      bi_tree[bv_rank] = bi;
    }
    __syncwarp();
  }
  bv = bv_tree[bv_rank - bv_lane];
  bi = bi_tree[bv_rank - bv_lane];
  if (threadIdx.x == 0) {
    idx[r] = bi;
  }
  if (threadIdx.x == 0) {
    best[r] = bv;
  }
  }
}

void argmax_rows_launch(int M, int N, const int *scores, int *idx, int *best, cudaStream_t stream) {
  const int threads = 128;
  argmax_rows_kernel<<<M, 32, 0, stream>>>(M, N, scores, idx, best);
}
