// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward -- --option=tile=32
// RUN: %expect-exit 2 %klineage-rewrite --rewrite=smem-tile --direction=forward --option=tile=24 %s -o %t.24.cu 2> %t.24.err
// RUN: FileCheck %s --check-prefix=T24 --input-file=%t.24.err
// REQUIRES: nvcc
// --option=tile=32 on a 16 x 16 block: tiles of 32 steps, half as many
// barriers; every thread stages two elements of each operand per tile, in a
// loop from its lane stepping by the block's width (A) or height (B). A
// length that is not a multiple of the block's (24) is refused by
// tiles-agree.
#include <cuda_runtime.h>

__global__ void mm(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < n && y < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
    // T24: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'tiles-agree' fails: --option=tile=24 is not a multiple of the 16 steps line [[@LINE+1]] ('a[y * n + k]') (shared by a block row) fills with one load per thread of a (16, 16, 1) block [KL2504]
      s += a[y * n + k] * b[k * n + x];
    c[y * n + x] = s;
  }
}
// CHECK-FIXES:      {{^}}  __shared__ float a_tile[16][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float b_tile[32][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int k0 = 0; k0 < n; k0 += 32) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k_stage = threadIdx.x; k_stage < 32; k_stage += 16){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + k_stage < n && y < n){{$}}
// CHECK-FIXES-NEXT: {{^}}        a_tile[threadIdx.y][k_stage] = a[y * n + k0 + k_stage];{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k_stage_1 = threadIdx.y; k_stage_1 < 32; k_stage_1 += 16){{$}}
// CHECK-FIXES-NEXT: {{^}}      if (k0 + k_stage_1 < n && x < n){{$}}
// CHECK-FIXES-NEXT: {{^}}        b_tile[k_stage_1][threadIdx.x] = b[(k0 + k_stage_1) * n + x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k0 + 31 < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 32; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        s += a_tile[threadIdx.y][k - k0] * b_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}      for (int k = k0; k < k0 + 32 && k < n; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}        s += a_tile[threadIdx.y][k - k0] * b_tile[k - k0][threadIdx.x];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}

void run(int n, const float *a, const float *b, float *c) {
  mm<<<dim3((n + 15) / 16, (n + 15) / 16), dim3(16, 16)>>>(n, a, b, c);
}
