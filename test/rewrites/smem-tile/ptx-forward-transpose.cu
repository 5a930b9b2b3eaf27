// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// PTX evidence for a transposing store: the naive kernel loads and stores
// global memory with no shared memory; the forward's PTX has a 32 x 32
// float tile (4 KiB), the load stored into it, a barrier, and the tile
// read back before the global store.
#include <cuda_runtime.h>

__global__ void transpose32(int n, const float *__restrict__ in, float *__restrict__ out) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}
// CHECK-FIXES: {{^}}  __shared__ float out_tile[32][32];{{$}}
// CHECK-PTX-BEFORE-NOT: .shared
// CHECK-PTX-BEFORE-NOT: bar.sync
// CHECK-PTX: .shared .align 4 .b8 {{.*}}out_tile[4096];
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: st.shared.f32
// CHECK-PTX: bar.sync 0;
// CHECK-PTX: ld.shared.f32
// CHECK-PTX: st.global.f32

void run(int n, const float *in, float *out) {
  transpose32<<<dim3((n + 31) / 32, (n + 31) / 32), dim3(32, 32)>>>(n, in, out);
}
