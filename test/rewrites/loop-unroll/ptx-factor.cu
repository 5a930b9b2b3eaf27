// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward -- --option=unroll-factor=8
// PTX evidence for a factor unroll of a run-time-bounded loop: nvcc's own
// heuristic unrolls it by 4 (4 FMAs in the main loop + 1 in the remainder);
// with `#pragma unroll 8` the main loop body holds 8 FMAs.
__global__ void rowdot(const float *a, const float *b, float *out, int n, int len) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) return;
  float acc = 0.f;
  for (int k = 0; k < len; ++k)
    acc = fmaf(a[row * len + k], b[k], acc);
  // CHECK-FIXES: {{^}}  #pragma unroll 8{{$}}
  out[row] = acc;
}

// CHECK-PTX-BEFORE-COUNT-5: fma.rn.f32
// CHECK-PTX-BEFORE-NOT: fma.rn.f32

// CHECK-PTX-COUNT-9: fma.rn.f32
// CHECK-PTX-NOT: fma.rn.f32
