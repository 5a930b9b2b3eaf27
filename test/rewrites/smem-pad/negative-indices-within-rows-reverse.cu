// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=reverse --expect-exit=2
// The padding column holds data: each row's sum is kept in
// tile[r][TILE], read back by thread 0 of the row. Removing the padding
// would store the sum into the next row's first element.
#include <cuda_runtime.h>

#define TILE 32

__global__ void rows_with_sums(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (reverse) at site 1: precondition 'indices-within-rows' fails: line [[@LINE+8]] ('tile[threadIdx.y][TILE]') reaches column 32 of the unpadded rows of 32: the padding itself; without it that is the next row's element [KL2407]
  // CHECK-MESSAGES: :[[@LINE+7]]:23: note: outside the row [index]
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int c = 0; c < TILE; ++c)
      s += tile[threadIdx.y][c];
    tile[threadIdx.y][TILE] = s;
  }
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y] / tile[threadIdx.y][TILE];
}

void run(const float *in, float *out) { rows_with_sums<<<1, dim3(TILE, TILE)>>>(in, out); }
