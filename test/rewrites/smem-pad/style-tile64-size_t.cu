// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// A 64 x 64 tile moved by 256 threads, four rows of floats per thread each
// way, size_t offsets and guards on the matrix edges (the bundled expert
// transpose before its padding). Each warp covers 4 rows x 32 columns: the
// stores put 4 words in each bank with rows of 64 floats (64 is a multiple
// of 32), the column reads 8. Rows of 65 make both conflict-free.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void transpose64(const float *in, float *out, size_t rows, size_t cols) {
  __shared__ float tile[64][64];
  // CHECK-FIXES: {{^}}  __shared__ float tile[64][65];{{$}}
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int cg = lane % 8 + 8 * (warp % 2);
  const int rb = lane / 8 + 4 * (warp / 2);
  const size_t r0 = (size_t)blockIdx.y * 64, c0 = (size_t)blockIdx.x * 64;
  for (int p = 0; p < 4; ++p) {
    const int r = rb + 16 * p;
    if (r0 + r < rows && c0 + 4 * cg + 3 < cols) {
      const float *src = in + (r0 + r) * cols + c0 + 4 * cg;
      tile[r][4 * cg + 0] = src[0];
      tile[r][4 * cg + 1] = src[1];
      tile[r][4 * cg + 2] = src[2];
      tile[r][4 * cg + 3] = src[3];
    }
  }
  __syncthreads();
  for (int p = 0; p < 4; ++p) {
    const int c = rb + 16 * p;
    if (c0 + c < cols && r0 + 4 * cg + 3 < rows) {
      float *dst = out + (c0 + c) * rows + r0 + 4 * cg;
      dst[0] = tile[4 * cg + 0][c];
      dst[1] = tile[4 * cg + 1][c];
      dst[2] = tile[4 * cg + 2][c];
      dst[3] = tile[4 * cg + 3][c];
    }
  }
}

void transpose(const float *in, float *out, size_t rows, size_t cols) {
  dim3 grid((unsigned)((cols + 63) / 64), (unsigned)((rows + 63) / 64));
  transpose64<<<grid, 256>>>(in, out, rows, cols);
}
