// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// Row and column sums of 32 x 32 blocks of a matrix, one warp per block:
// the warp stages the block row by row (coalesced), then lane l sums
// column l (tile[k][l]: a row of the tile per step, conflict-free) and row
// l (tile[l][k]: a column per step, all 32 lanes in one bank). Unsigned
// indices, an unrolled loop, a launcher without a stream.
#include <cuda_runtime.h>

__global__ void block_sums(const float *__restrict__ m, unsigned ld, float *__restrict__ row_sums,
                           float *__restrict__ col_sums) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float tile[32][33];{{$}}
  const unsigned l = threadIdx.x;
  const float *src = m + (blockIdx.y * 32u) * ld + blockIdx.x * 32u;
  for (unsigned r = 0; r < 32u; ++r)
    tile[r][l] = src[r * ld + l];
  __syncwarp();
  float rs = 0.f, cs = 0.f;
#pragma unroll
  for (unsigned k = 0; k < 32u; ++k) {
    cs += tile[k][l];
    rs += tile[l][k];
  }
  atomicAdd(&row_sums[blockIdx.y * 32u + l], rs);
  atomicAdd(&col_sums[blockIdx.x * 32u + l], cs);
}

void sums(const float *m, unsigned rows, unsigned cols, float *rs, float *cs) {
  block_sums<<<dim3(cols / 32, rows / 32), 32>>>(m, cols, rs, cs);
}
