// RUN: %check-roundtrip %s %t --rewrite=smem-pad --from=forward
// REQUIRES: nvcc
// Forward then reverse gives back the input: each tile gets one float of
// padding (TILE + 1, a literal 33, a template's T + 1) and reverse takes it
// off again, as written.
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_macro(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_literal(float *out, const float *in, int n) {
  __shared__ float t[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    t[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = t[threadIdx.x][threadIdx.y + j];
}

template <int T>
__global__ void transpose_template(float *out, const float *in, int n) {
  __shared__ float s[T][T];
  int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
  for (int j = 0; j < T; j += 8)
    s[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x;
  y = blockIdx.x * T + threadIdx.y;
  for (int j = 0; j < T; j += 8)
    out[(y + j) * n + x] = s[threadIdx.x][threadIdx.y + j];
}

void run(float *out, const float *in, int n) {
  dim3 block(32, 8), grid(n / 32, n / 32);
  transpose_macro<<<grid, block>>>(out, in, n);
  transpose_literal<<<grid, block>>>(out, in, n);
  transpose_template<32><<<grid, block>>>(out, in, n);
}
