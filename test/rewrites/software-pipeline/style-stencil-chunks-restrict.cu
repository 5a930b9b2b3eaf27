// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// A 1-D stencil of radius 3 walking its block's chunks: the chunk and its
// halo staged by two counted copies per thread (a local index declared in
// the staging), the output written in the compute through a __restrict__
// pointer distinct from the input's.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>

#define R 3
#define CH 256

__global__ void stencil_chunks(const float *__restrict__ in, float *__restrict__ out, int n, int chunks) {
  __shared__ float s[CH + 2 * R];
  const float w[2 * R + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
  for (int c0 = blockIdx.x * chunks; c0 < (blockIdx.x + 1) * chunks; ++c0) {
    for (int h = 0; h < 2; ++h) {
      int l = threadIdx.x + h * CH;
      int g = c0 * CH + l - R;
      if (l < CH + 2 * R)
        s[l] = (g >= 0 && g < n) ? in[g] : 0.0f;
    }
    __syncthreads();
    float acc = 0.0f;
    for (int k = -R; k <= R; ++k)
      acc += w[k + R] * s[threadIdx.x + R + k];
    if (c0 * CH + threadIdx.x < n)
      out[c0 * CH + threadIdx.x] = acc;
    __syncthreads();
  }
}

void run(const float *in, float *out, int n) {
  int chunks = 4;
  int blocks = (n + CH * chunks - 1) / (CH * chunks);
  stencil_chunks<<<blocks, CH>>>(in, out, n, chunks);
}
// CHECK-FIXES: {{^}}  __shared__ float s[2][CH + 2 * R];{{$}}
// CHECK-FIXES: {{^}}  if (blockIdx.x * chunks < (blockIdx.x + 1) * chunks) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = c0 + 1 < (blockIdx.x + 1) * chunks;{{$}}
// CHECK-FIXES: {{^}}          s_next[h] = (g >= 0 && g < n) ? in[g] : 0.0f;{{$}}
// CHECK-FIXES: {{^}}      acc += w[k + R] * s[stage][threadIdx.x + R + k];{{$}}
// CHECK-FIXES: {{^}}          s[stage ^ 1][l] = s_next[h];{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
