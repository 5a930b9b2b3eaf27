// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse -- --assume=multiple:n:4,multiple:count:8
// REQUIRES: nvcc
// One test per group (llm.c's packed elementwise kernels once their packs
// are scalar): `i = C * id; if (i < n) { for (k = 0; k < C; ++k) S[i + k] }`.
// With n a multiple of C (the workload's domain; here --assume) the test of
// a group's first element bounds all C, so one element per thread is `i =
// id; if (i < n) S[i]`: `i + k` becomes `i`, the lane loop goes, the grid
// covers n again. The lanes may be written `k + i`, the index unsigned.
#include <cuda_runtime.h>

__global__ void gelu_groups(float *out, const float *inp, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i < n) {
    for (int k = 0; k < 4; ++k) {
      float xi = inp[i + k];
      out[i + k] = 0.5f * xi * (1.0f + tanhf(0.79788456f * (xi + 0.044715f * xi * xi * xi)));
    }
  }
}
// CHECK-FIXES:      {{^}}__global__ void gelu_groups(float *out, const float *inp, int n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    float xi = inp[i];{{$}}
// CHECK-FIXES-NEXT: {{^}}    out[i] = 0.5f * xi * (1.0f + tanhf(0.79788456f * (xi + 0.044715f * xi * xi * xi)));{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

__global__ void add_groups(unsigned *dst, const unsigned *a, const unsigned *b, unsigned count) {
  unsigned base = 8 * (threadIdx.x + blockIdx.x * blockDim.x);
  if (base < count)
    for (unsigned j = 0; j < 8; j++)
      dst[j + base] = a[j + base] + b[base + j];
}
// CHECK-FIXES:      {{^}}  unsigned base = threadIdx.x + blockIdx.x * blockDim.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (base < count){{$}}
// CHECK-FIXES-NEXT: {{^}}    dst[base] = a[base] + b[base];{{$}}

void run(float *out, const float *inp, int n, unsigned *dst, const unsigned *a, const unsigned *b, unsigned count) {
  gelu_groups<<<(n + 2047) / 2048, 512>>>(out, inp, n);
  add_groups<<<(count / 8 + 127) / 128, 128>>>(dst, a, b, count);
}
// CHECK-FIXES: {{^}}  gelu_groups<<<{{.*}}, 512>>>(out, inp, n);{{$}}
// CHECK-FIXES: {{^}}  add_groups<<<{{.*}}, 128>>>(dst, a, b, count);{{$}}
