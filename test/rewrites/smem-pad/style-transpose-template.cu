// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// A transpose templated on the element type and the tile: T tile[TILE][TILE]
// with TILE x ROWS blocks, instantiated for float and double. Both
// instances need one element of padding (a double's column read is served
// in two half-warps: rows of 33 doubles put 16 lanes in 16 different bank
// pairs), so the template's text gets TILE + 1 once.
#include <cuda_runtime.h>
#include <cstddef>

template <typename T, int TILE, int ROWS>
__global__ void transpose_kernel(T *__restrict__ dst, const T *__restrict__ src, int rows, int cols) {
  __shared__ T tile[TILE][TILE];
  // CHECK-FIXES: {{^}}  __shared__ T tile[TILE][TILE + 1];{{$}}
  const int bx = blockIdx.x * TILE, by = blockIdx.y * TILE;
#pragma unroll
  for (int k = 0; k < TILE; k += ROWS) {
    const int r = by + threadIdx.y + k, c = bx + threadIdx.x;
    if (r < rows && c < cols)
      tile[threadIdx.y + k][threadIdx.x] = src[static_cast<size_t>(r) * cols + c];
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < TILE; k += ROWS) {
    const int r = bx + threadIdx.y + k, c = by + threadIdx.x;
    if (r < cols && c < rows)
      dst[static_cast<size_t>(r) * rows + c] = tile[threadIdx.x][threadIdx.y + k];
  }
}

template <typename T>
void transpose(T *dst, const T *src, int rows, int cols, cudaStream_t stream) {
  constexpr int kTile = 32, kRows = 8;
  dim3 block(kTile, kRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_kernel<T, kTile, kRows><<<grid, block, 0, stream>>>(dst, src, rows, cols);
}

template void transpose<float>(float *, const float *, int, int, cudaStream_t);
template void transpose<double>(double *, const double *, int, int, cudaStream_t);
