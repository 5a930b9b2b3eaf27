// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward
// PTX evidence: the tile's allocation grows from 32 * 32 to 32 * 33 floats
// (4096 to 4224 bytes) and nothing else changes shape: the same shared
// stores and loads, a row now 132 bytes apart instead of 128 (a shift by 7
// becomes a multiply by 132; the stores of rows j + 8 are 1056 bytes on,
// not 1024), so the column read's lanes fall in 32 different banks.
#include <cuda_runtime.h>

__global__ void transpose32(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

void run(float *out, const float *in, int n) { transpose32<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(out, in, n); }

// CHECK-FIXES: {{^}}  __shared__ float tile[32][33];{{$}}

// CHECK-PTX-BEFORE: .shared .align 4 .b8 {{.*}}tile[4096];
// CHECK-PTX-BEFORE: shl.b32 {{.*}}, 7;
// CHECK-PTX-BEFORE: st.shared.f32 [{{%r[0-9]+}}], {{%f[0-9]+}};
// CHECK-PTX-BEFORE: st.shared.f32 [{{%r[0-9]+}}+1024]
// CHECK-PTX-BEFORE: bar.sync
// CHECK-PTX-BEFORE: shl.b32 {{.*}}, 7;
// CHECK-PTX-BEFORE: ld.shared.f32

// CHECK-PTX: .shared .align 4 .b8 {{.*}}tile[4224];
// CHECK-PTX: mad.lo.s32 {{.*}}, 132,
// CHECK-PTX: st.shared.f32 [{{%r[0-9]+}}], {{%f[0-9]+}};
// CHECK-PTX: st.shared.f32 [{{%r[0-9]+}}+1056]
// CHECK-PTX: bar.sync
// CHECK-PTX: mad.lo.s32 {{.*}}, 132,
// CHECK-PTX: ld.shared.f32
