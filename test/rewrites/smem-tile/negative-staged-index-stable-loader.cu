// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// A loader whose elements are computed from a column offset that the step
// changes after the barrier (`kOff += 2;` between the staging and the
// reads, not a bump of the source pointer): a global read at the tile's
// read would name other elements than the staging loaded.
#include <cuda_runtime.h>

#define BM 64
#define BK 8

__global__ void moved_offset(int K, const float *A, float *out) {
  __shared__ float As[BK][BM];
  const int tid = threadIdx.x;
  int kOff = 0;
  float acc = 0.f;
  for (int bk = 0; bk < K; bk += BK) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'staged-index-stable' fails: 'kOff', which the staged elements of 'As' are computed from, changes before the read at line [[@LINE+8]] ('As[k][tid % BM]') [KL2513]
    for (int i = 0; i < BM * BK / 128; ++i) {
      const int f = tid + i * 128;
      As[f % BK][f / BK] = A[(f / BK) * K + kOff + f % BK];
    }
    __syncthreads();
    kOff += 2;
    for (int k = 0; k < BK; ++k)
      acc += As[k][tid % BM];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

void run(int K, const float *A, float *out) { moved_offset<<<4, 128>>>(K, A, out); }
