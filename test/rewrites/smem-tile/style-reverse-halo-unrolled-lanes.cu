// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse -- --assume=multiple:ncols:2
// REQUIRES: nvcc
// A tile staged by the unrolled lanes of a float2 load (a transposing
// copy, 32 rows x 64 columns per block, two columns per thread): lane k of
// slot column 2 * tx + k is bounded by its pair's first column
// (col < ncols), not by its own. With ncols a multiple of 2 (the workload's
// domain, asserted) that is the element's own bound, so a read of any slot
// names its element under one condition: col0 + x < ncols.
#include <cuda_runtime.h>
#define TROWS 32
#define TCOLS 64
__global__ void flip_pairs(const float *src, float *dst, int nrows, int ncols) {
  __shared__ float buf[TROWS][TCOLS];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TROWS + ty;
  const int col = blockIdx.x * TCOLS + 2 * tx;
  if (row < nrows && col < ncols) {
    buf[ty][2 * tx] = src[(size_t)row * ncols + col];
    buf[ty][2 * tx + 1] = src[(size_t)row * ncols + col + 1];
  }
  __syncthreads();
  for (int k = 0; k < 2; ++k) {
    const int orow = blockIdx.x * TCOLS + 2 * ty + k, ocol = blockIdx.y * TROWS + tx;
    if (orow < ncols && ocol < nrows)
      dst[(size_t)orow * nrows + ocol] = buf[tx][2 * ty + k];
  }
}
// CHECK-FIXES:      {{^}}__global__ void flip_pairs(const float *src, float *dst, int nrows, int ncols) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  const int tx = threadIdx.x, ty = threadIdx.y;{{$}}
// CHECK-FIXES:      {{^}}  const int col = blockIdx.x * TCOLS + 2 * tx;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 2; ++k) {{{$}}
// CHECK-FIXES:      {{^}}      dst[(size_t)orow * nrows + ocol] = (32 * blockIdx.y + (tx) < nrows && 64 * blockIdx.x + (2 * ty + k) < ncols ? src[32 * blockIdx.y * ncols + 64 * blockIdx.x + (size_t)(tx) * ncols + (2 * ty + k)] : 0);{{$}}
void flip(const float *src, float *dst, int nrows, int ncols) {
  dim3 block(32, 32), grid((ncols + TCOLS - 1) / TCOLS, (nrows + TROWS - 1) / TROWS);
  flip_pairs<<<grid, block>>>(src, dst, nrows, ncols);
}
