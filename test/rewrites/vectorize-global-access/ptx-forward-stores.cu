// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:y:16 --assume=aligned:x:16
// PTX evidence for stores (and the merged loads of an in-place update):
// four st.global.f32 become one st.global.v4.f32.
__global__ void axpy_inplace(const float *__restrict__ x, float *__restrict__ y, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    y[4 * i] = a * x[4 * i] + y[4 * i];
    y[4 * i + 1] = a * x[4 * i + 1] + y[4 * i + 1];
    y[4 * i + 2] = a * x[4 * i + 2] + y[4 * i + 2];
    y[4 * i + 3] = a * x[4 * i + 3] + y[4 * i + 3];
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(a * x_v0.x + y_v0.x, a * x_v0.y + y_v0.y, a * x_v0.z + y_v0.z, a * x_v0.w + y_v0.w);{{$}}
  }
}
// CHECK-PTX-BEFORE-NOT: st.global.v4.f32
// CHECK-PTX-BEFORE-NOT: .v4.f32
// CHECK-PTX: ld.global.{{(nc.)?}}v4.f32
// CHECK-PTX: st.global.v4.f32
