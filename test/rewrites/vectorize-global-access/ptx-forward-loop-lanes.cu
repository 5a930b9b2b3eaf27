// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// PTX evidence for lanes written as a loop: the loop keeps its shape, nvcc
// unrolls it and keeps the float4 temporaries in registers, so the scalar
// loads and stores become one ld.global.v4 and one st.global.v4.
__global__ void axpy_loop(float a, const float *__restrict__ x, float *__restrict__ y, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    for (int k = 0; k < 4; ++k)
      y[4 * i + k] = a * x[4 * i + k] + y[4 * i + k];
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&y[4 * i]) = y_v0;{{$}}
  }
}
// CHECK-PTX-BEFORE-NOT: .v4.f32
// CHECK-PTX-NOT: local
// CHECK-PTX: ld.global.{{(nc.)?}}v4.f32
// CHECK-PTX: st.global.v4.f32
