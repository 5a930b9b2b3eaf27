// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// tiles-staged-once (unrolled lanes): lane 1 of each float2 pair is staged
// under its pair's bound (col < ncols), not its own. Unless ncols is known to
// be even, a pair that straddles the edge stages src[col + 1] past the row,
// and no one condition on a read's own element says which slots hold what:
// the reverse refuses and names the fact that would settle it.
#include <cuda_runtime.h>
__global__ void flip_pairs(const float *src, float *dst, int nrows, int ncols) {
  // CHECK-MESSAGES: :[[@LINE+1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'tiles-staged-once' fails: the store line [[@LINE+6]] ('buf[ty][2 * tx + 1] = src[(size_t)row * ncols + col + 1]') bounds its element other than line [[@LINE+5]] ('buf[ty][2 * tx] = src[(size_t)row * ncols + col]') does: the lanes' bound 'ncols' is not a known multiple of 2 (--assume=multiple:ncols:2 if the workload says so); a read cannot name its element's bounds [KL2511]
  __shared__ float buf[32][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 32 + ty, col = blockIdx.x * 64 + 2 * tx;
  if (row < nrows && col < ncols) {
    buf[ty][2 * tx] = src[(size_t)row * ncols + col];
    buf[ty][2 * tx + 1] = src[(size_t)row * ncols + col + 1];
  }
  __syncthreads();
  for (int k = 0; k < 2; ++k) {
    const int orow = blockIdx.x * 64 + 2 * ty + k, ocol = blockIdx.y * 32 + tx;
    if (orow < ncols && ocol < nrows)
      dst[(size_t)orow * nrows + ocol] = buf[tx][2 * ty + k];
  }
}
void flip(const float *src, float *dst, int nrows, int ncols) {
  flip_pairs<<<dim3((ncols + 63) / 64, (nrows + 31) / 32), dim3(32, 32)>>>(src, dst, nrows, ncols);
}
