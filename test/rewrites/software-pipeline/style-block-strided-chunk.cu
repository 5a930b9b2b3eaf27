// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=software-pipeline --from=forward
// REQUIRES: nvcc
// A 1-D chunk staged by a block-strided loop through a const local (tid),
// launched with 128 threads: every thread stages CHUNK / 128 = 4 elements,
// so the next step's registers have a count the launch settles (each
// thread's j-th element is (i - threadIdx.x) / 128). Without the launch:
// negative-staging-counted.cu.
#include <cuda_runtime.h>

#define CHUNK 512

__global__ void chunk_sums(const float *x, float *out, int n) {
  __shared__ float xs[CHUNK];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int base = 0; base < n; base += CHUNK) {
    for (int i = tid; i < CHUNK; i += blockDim.x)
      xs[i] = base + i < n ? x[base + i] : 0.0f;
    __syncthreads();
    acc += xs[(tid * 7) % CHUNK];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

void chunk_sums_launch(const float *x, float *out, int n, int blocks, cudaStream_t s) {
  chunk_sums<<<blocks, 128, 0, s>>>(x, out, n);
}
// CHECK-FIXES: {{^}}  __shared__ float xs[2][CHUNK];{{$}}
// CHECK-FIXES: {{^}}    float xs_next[4];{{$}}
// CHECK-FIXES: {{^}}        xs_next[(i - threadIdx.x) / 128] = base + CHUNK + i < n ? x[base + CHUNK + i] : 0.0f;{{$}}
// CHECK-FIXES: {{^}}        xs[stage ^ 1][i] = xs_next[(i - threadIdx.x) / 128];{{$}}
