// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// REQUIRES: nvcc
// A one-dimensional block of 256 threads that computes its own tile
// coordinates: lane = threadIdx.x & 31 and row = threadIdx.x >> 5, rows
// walked in steps of 8 with unsigned counters. The read s[lane][r] is a
// column: 32-way with rows of 32 floats, conflict-free with 33. The
// literal extent becomes 33.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) transpose_1d(const float *in, float *out, unsigned n) {
  __shared__ float s[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float s[32][33];{{$}}
  const unsigned lane = threadIdx.x & 31u;
  const unsigned row = threadIdx.x >> 5;
  const unsigned x0 = blockIdx.x * 32u, y0 = blockIdx.y * 32u;
  for (unsigned r = row; r < 32u; r += 8u)
    s[r][lane] = in[(y0 + r) * n + x0 + lane];
  __syncthreads();
  for (unsigned r = row; r < 32u; r += 8u)
    out[(x0 + r) * n + y0 + lane] = s[lane][r];
}

void launch_transpose(const float *in, float *out, unsigned n, cudaStream_t stream) {
  const dim3 grid(n / 32, n / 32);
  transpose_1d<<<grid, 256, 0, stream>>>(in, out, n);
}
