// Matrix transpose, expert version: out (C x R) = in (R x C)^T, fp32,
// row-major: out[c][r] = in[r][c].
//
// Domain: R % 4 == 0 and C % 4 == 0 (rows of both matrices are moved as
// float4), R*C < 2^31, pointers from cudaMalloc (16-byte aligned).
//
// A 256-thread block moves a 64 x 64 tile through shared memory: 128-bit
// read-only loads of input rows, 128-bit stores of output rows, four float4
// per thread each way (thread coarsening). The tile's rows are padded to 65
// floats, and each warp covers 4 rows x 32 columns, so both the scattering
// stores and the gathering column reads hit 32 distinct banks.
#include <cuda_runtime.h>

namespace transpose_expert {

constexpr int TILE = 64;
constexpr int THREADS = 256;
constexpr int PASSES = TILE * TILE / 4 / THREADS; // float4 per thread: 4

__global__ void __launch_bounds__(THREADS)
transpose_tiled_kernel(int R, int C, const float *__restrict__ in, float *__restrict__ out) {

  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const int cg = lane % 8 + 8 * (warp % 2);  // float4 column group, 0..15
  const int rb = lane / 8 + 4 * (warp / 2);  // first row, 0..15
  const int r0 = blockIdx.y * TILE;
  const int c0 = blockIdx.x * TILE;


  for (int p = 0; p < PASSES; ++p) {
    const int c = rb + 16 * p;               // output row inside the tile
    const int orow = c0 + c, ocol = r0 + 4 * cg;
    if (orow < C && ocol < R) {
      float4 v;
      v.x = (64 * blockIdx.y + (4 * cg + 0) < R && 64 * blockIdx.x + (c) < C ? in[64 * blockIdx.y * C + 64 * blockIdx.x + (size_t)(4 * cg + 0) * C + (c)] : 0);
      v.y = (64 * blockIdx.y + (4 * cg + 1) < R && 64 * blockIdx.x + (c) < C ? in[64 * blockIdx.y * C + 64 * blockIdx.x + (size_t)(4 * cg + 1) * C + (c)] : 0);
      v.z = (64 * blockIdx.y + (4 * cg + 2) < R && 64 * blockIdx.x + (c) < C ? in[64 * blockIdx.y * C + 64 * blockIdx.x + (size_t)(4 * cg + 2) * C + (c)] : 0);
      v.w = (64 * blockIdx.y + (4 * cg + 3) < R && 64 * blockIdx.x + (c) < C ? in[64 * blockIdx.y * C + 64 * blockIdx.x + (size_t)(4 * cg + 3) * C + (c)] : 0);
      out[(size_t)orow * R + ocol] = v.x;
      out[(size_t)orow * R + ocol + 1] = v.y;
      out[(size_t)orow * R + ocol + 2] = v.z;
      out[(size_t)orow * R + ocol + 3] = v.w;
    }
  }
}

} // namespace transpose_expert

// Host launcher: device pointers, sizes as in the manifest (transpose.yaml).
void transpose_launch(int R, int C, const float *in, float *out) {
  using namespace transpose_expert;
  dim3 grid((C + TILE - 1) / TILE, (R + TILE - 1) / TILE);
  transpose_tiled_kernel<<<grid, THREADS>>>(R, C, in, out);
}
