// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// REQUIRES: nvcc
// Style: C89-like counters declared before their loops (`int k; for (k = 0;
// ...)`). When nothing reads k after the loop the inner loop over a tile's
// steps assigns it as the original did; when the kernel reads it after the
// loop (its final value would differ on an empty range), refused.
#include <cuda_runtime.h>

__global__ void mm(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  int k;
  float s = 0;
  for (k = 0; k < n; k++)
    s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s;
}
// CHECK-FIXES:      {{^}}  for (int k0 = 0; k0 < n; k0 += 16) {{{$}}
// CHECK-FIXES:      {{^}}    for (k = k0; k < k0 + 16 && k < n; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}      s += a_tile[threadIdx.y][k - k0] * b_tile[k - k0][threadIdx.x];{{$}}

__global__ void mm_reads_k_after(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  int k;
  float s = 0;
  for (k = 0; k < n; k++)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'loop-counted' fails: the loop does not declare one integer counter in its header (or sets one that is read after it) [KL2501]
    s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s / k;
}

void run(int n, const float *a, const float *b, float *c) {
  mm<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(n, a, b, c);
  mm_reads_k_after<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(n, a, b, c);
}
