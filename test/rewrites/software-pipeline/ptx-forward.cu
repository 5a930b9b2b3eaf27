// RUN: %check-rewrite %s %t --rewrite=software-pipeline --direction=forward
// REQUIRES: nvcc
// PTX evidence: the single-stage loop loads, stores into shared memory,
// waits, computes from the tiles and waits again (two barriers a step).
// Forward: the tiles double (2048 bytes each); a prologue loads and stores
// step 0 and waits; in the loop the next step's two global loads come
// before the compute's shared loads and FMAs, the stores into the other
// stage after them, then the loop's only barrier.
#include <cuda_runtime.h>

#define TILE 16

__global__ void mm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// CHECK-FIXES: {{^}}  __shared__ float As[2][TILE][TILE];{{$}}
// CHECK-FIXES: {{^}}      acc += As[stage][ty][k] * Bs[stage][k][tx];{{$}}
// CHECK-PTX-BEFORE: .shared .align 4 .b8 {{.*}}As[1024];
// CHECK-PTX-BEFORE: ld.global.nc.f32
// CHECK-PTX-BEFORE: st.shared.f32
// CHECK-PTX-BEFORE: bar.sync 0;
// CHECK-PTX-BEFORE: ld.shared.f32
// CHECK-PTX-BEFORE: fma.rn.f32
// CHECK-PTX-BEFORE: bar.sync 0;
// CHECK-PTX: .shared .align 4 .b8 {{.*}}As[2048];
// CHECK-PTX: .shared .align 4 .b8 {{.*}}Bs[2048];
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: st.shared.f32
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: st.shared.f32
// CHECK-PTX: bar.sync 0;
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX: ld.shared.f32
// CHECK-PTX: fma.rn.f32
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX: st.shared.f32
// CHECK-PTX: st.shared.f32
// CHECK-PTX: bar.sync 0;
// CHECK-PTX-NOT: bar.sync
// CHECK-PTX: ret;
