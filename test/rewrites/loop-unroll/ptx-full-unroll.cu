// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward -- --option=max-full-unroll=128
// PTX evidence. With K = 96 nvcc -O3 does not fully unroll the loop on its
// own: it unrolls by 16 and keeps a back-edge branch. After the rewrite the
// loop is gone: 96 FMAs in straight-line code and no backward branch.
#define K 96

__global__ void rowdot(const float *a, const float *b, float *out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(a[row * K + k], b[k], acc);
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  out[row] = acc;
}

// CHECK-PTX-BEFORE: {{^}}[[LOOP:\$L__BB0_[0-9]+]]:
// CHECK-PTX-BEFORE-COUNT-16: fma.rn.f32
// CHECK-PTX-BEFORE-NOT: fma.rn.f32
// CHECK-PTX-BEFORE: bra{{(\.uni)?}} {{.*}}[[LOOP]];

// CHECK-PTX: .entry {{.*}}rowdot
// CHECK-PTX-COUNT-96: fma.rn.f32
// CHECK-PTX-NOT: fma.rn.f32
// CHECK-PTX: ret;
