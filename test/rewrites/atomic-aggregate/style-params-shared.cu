// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// A k-means style assignment step: the arguments come in a struct passed by
// value, and the kernel counts, in a __shared__ counter, how many of the
// block's points moved, then thread 0 publishes the count after a barrier.
// The shared counter's address is the same for the whole block; reading it
// after the barrier that follows the reduction sees the block's total, as
// before.
#include <cuda_runtime.h>

struct AssignParams {
  const float *points;
  const float *centroids;
  int *labels;
  int n, k, dim;
  int *moved_per_block;
};

__global__ void assign_points(AssignParams p) {
  __shared__ int moved;
  if (threadIdx.x == 0)
    moved = 0;
  __syncthreads();
  int pt = blockIdx.x * blockDim.x + threadIdx.x;
  if (pt < p.n) {
    int best = 0;
    float best_d = 3.4e38f;
    for (int c = 0; c < p.k; ++c) {
      float d = 0.f;
      for (int j = 0; j < p.dim; ++j) {
        float diff = p.points[pt * p.dim + j] - p.centroids[c * p.dim + j];
        d += diff * diff;
      }
      if (d < best_d) {
        best_d = d;
        best = c;
      }
    }
    if (p.labels[pt] != best) {
      p.labels[pt] = best;
      atomicAdd(&moved, 1);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0)
    p.moved_per_block[blockIdx.x] = moved;
}
// CHECK-FIXES:      {{^}}  int block_sum = 0;
// CHECK-FIXES-NEXT: {{^}}  if (pt < p.n) {
// CHECK-FIXES:      {{^}}      block_sum += 1;
// CHECK-FIXES:      {{^}}  if (block_sum_rank == 0)
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&moved, block_sum);
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  if (threadIdx.x == 0)
// CHECK-FIXES-NEXT: {{^}}    p.moved_per_block[blockIdx.x] = moved;

void assign(AssignParams p) {
  const int threads = 128;
  assign_points<<<(p.n + threads - 1) / threads, threads>>>(p);
}
