// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// A tile of float4 (each thread stages one vector), read as vectors in
// the compute; a 1-D block, the counter advanced as `i = i + step`.
// Forward then reverse gives the input back.
#include <cuda_runtime.h>

__global__ void dot4_blocks(const float4 *__restrict__ x, const float4 *__restrict__ w, float *__restrict__ out,
                            int nvec) {
  __shared__ float4 xs[128];
  float acc = 0.0f;
  const int step = 128;
  for (int i = 0; i < nvec; i = i + step) {
    xs[threadIdx.x] = i + (int)threadIdx.x < nvec ? x[i + threadIdx.x] : make_float4(0.f, 0.f, 0.f, 0.f);
    __syncthreads();
    float4 v = xs[(threadIdx.x + 1) % 128];
    float4 c = w[(blockIdx.x * 128 + threadIdx.x) % 128];
    acc += v.x * c.x + v.y * c.y + v.z * c.z + v.w * c.w;
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
// CHECK-FIXES: {{^}}  __shared__ float4 xs[2][128];{{$}}
// CHECK-FIXES: {{^}}  if (0 < nvec) {{{$}}
// CHECK-FIXES: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES: {{^}}  int stage = 0;{{$}}
// CHECK-FIXES: {{^}}    const bool has_next = i + step < nvec;{{$}}
// CHECK-FIXES: {{^}}      xs_next = i + step + (int)threadIdx.x < nvec ? x[i + step + threadIdx.x] : make_float4(0.f, 0.f, 0.f, 0.f);{{$}}
// CHECK-FIXES: {{^}}    float4 v = xs[stage][(threadIdx.x + 1) % 128];{{$}}
// CHECK-FIXES: {{^}}      xs[stage ^ 1][threadIdx.x] = xs_next;{{$}}
// CHECK-FIXES: {{^}}    stage ^= 1;{{$}}
