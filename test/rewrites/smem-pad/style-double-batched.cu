// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// A batched transpose of double matrices, one matrix per blockIdx.z, with
// a two-stage tile [2][32][32] (stage s for rows s * 16 + ...): the
// innermost extent is what gets padded, whatever comes before it. 8-byte
// elements are served in two half-warps; the column read of rows of 32
// doubles is 16-way, rows of 33 spread each half-warp over 32 banks.
#include <cuda_runtime.h>

__global__ void batched_transpose(const double *in, double *out, int n) {
  __shared__ double buf[2][16][32];
  // CHECK-FIXES: {{^}}  __shared__ double buf[2][16][33];{{$}}
  const size_t base = (size_t)blockIdx.z * n * n;
  const int x = blockIdx.x * 32 + threadIdx.x;
  const int y = blockIdx.y * 32 + threadIdx.y;
  for (int s = 0; s < 2; ++s)
    for (int r = threadIdx.y; r < 16; r += blockDim.y)
      buf[s][r][threadIdx.x] = in[base + (size_t)(blockIdx.y * 32 + s * 16 + r) * n + x];
  __syncthreads();
  for (int c = threadIdx.y; c < 32; c += blockDim.y) {
    const int s = threadIdx.x / 16, r = threadIdx.x % 16;
    out[base + (size_t)(blockIdx.x * 32 + c) * n + blockIdx.y * 32 + threadIdx.x] = buf[s][r][c];
  }
  (void)y;
}

void transpose_batch(const double *in, double *out, int n, int batch) {
  dim3 grid(n / 32, n / 32, batch);
  batched_transpose<<<grid, dim3(32, 4)>>>(in, out, n);
}
