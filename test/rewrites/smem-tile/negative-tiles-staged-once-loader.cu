// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// Loaders whose staging, run for every thread of the block, does not leave
// each slot of the tile one element at a fixed step per subscript: a block
// of 64 threads staging four elements each into a 512-element tile (the
// tile sized for 128 threads), and an XOR-swizzled tile (slot [c][r ^ 1]
// holds A[r * K + c]: no fixed step along r).
#include <cuda_runtime.h>

#define BM 64
#define BK 8

__global__ void too_few_threads(int K, const float *A, float *out) {
  __shared__ float As[BM * BK];
  const unsigned innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  float acc = 0.f;
  for (int bk = 0; bk < K; bk += BK) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'tiles-staged-once' fails: the staging before the first barrier: the block stages 256 of the 512 elements of 'As' [KL2511]
    for (int q = 0; q < 4; ++q)
      As[(innerColA * 4 + q) * BM + innerRowA] = A[innerRowA * K + bk + innerColA * 4 + q];
    __syncthreads();
    for (int k = 0; k < BK; ++k)
      acc += As[k * BM + threadIdx.x % BM];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void swizzled(int K, const float *A, float *out) {
  __shared__ float As[BK][BM];
  const int r = threadIdx.x / BK, c = threadIdx.x % BK;
  float acc = 0.f;
  for (int bk = 0; bk < K; bk += BK) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 2: precondition 'tiles-staged-once' fails: the staging before the first barrier: the element staged at As[0][2] is not the tile's first element plus a fixed step per subscript [KL2511]
    for (int h = 0; h < BM / 64; ++h)
      As[c][(r + h * 64) ^ 1] = A[(r + h * 64) * K + bk + c];
    __syncthreads();
    for (int k = 0; k < BK; ++k)
      acc += As[k][(threadIdx.x % BM) ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

void run(int K, const float *A, float *out) {
  too_few_threads<<<4, 64>>>(K, A, out);
  swizzled<<<4, 512>>>(K, A, out);
}
