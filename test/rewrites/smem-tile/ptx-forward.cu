// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// PTX evidence: the naive product reads both operands from global memory on
// every step and has no shared memory; the forward's PTX holds two 1 KiB
// tiles, one st.shared per operand per tile, a barrier, and the inner
// product's operands as ld.shared (unrolled by nvcc).
#include <cuda_runtime.h>

__global__ void mm16(int n, const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < n && y < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += a[y * n + k] * b[k * n + x];
    c[y * n + x] = s;
  }
}
// CHECK-FIXES: {{^}}  __shared__ float a_tile[16][16];{{$}}
// CHECK-FIXES: {{^}}      s += a_tile[threadIdx.y][k - k0] * b_tile[k - k0][threadIdx.x];{{$}}
// CHECK-PTX-BEFORE-NOT: .shared
// CHECK-PTX-BEFORE: ld.global.nc.f32
// CHECK-PTX-BEFORE-NOT: bar.sync
// CHECK-PTX: .shared .align 4 .b8 {{.*}}a_tile[1024];
// CHECK-PTX: .shared .align 4 .b8 {{.*}}b_tile[1024];
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: st.shared.f32
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: st.shared.f32
// CHECK-PTX: bar.sync 0;
// CHECK-PTX: ld.shared.f32
// CHECK-PTX: ld.shared.f32
// CHECK-PTX: fma.rn.f32
// CHECK-PTX: bar.sync 0;

void run(int n, const float *a, const float *b, float *c) {
  mm16<<<dim3((n + 15) / 16, (n + 15) / 16), dim3(16, 16)>>>(n, a, b, c);
}
