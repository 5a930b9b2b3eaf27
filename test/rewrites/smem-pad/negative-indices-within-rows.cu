// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// A tile of 33 rows of 32 whose last 32 values are written through row 0,
// past its end (tile[0][32 + lane] is tile[1][lane] in a 32-float row): the
// code relies on rows being 32 floats apart. With padded rows that store
// would land in the padding of row 0 and row 1. The column read conflicts,
// but the tile is refused.
#include <cuda_runtime.h>

__global__ void spill_into_next_row(float *out, const float *in) {
  __shared__ float tile[33][32];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'indices-within-rows' fails: line [[@LINE+4]] ('tile[0][32 + threadIdx.x % 32]') reaches column 32 of rows of 32: past the row, into the next one, where the pad would be [KL2407]
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  tile[warp + 1][lane] = in[threadIdx.x];
  if (warp == 0)
    tile[0][32 + threadIdx.x % 32] = in[1024 + lane];
  __syncthreads();
  out[threadIdx.x] = tile[lane + 1][warp];
}

void run(float *out, const float *in) { spill_into_next_row<<<1, 1024>>>(out, in); }
