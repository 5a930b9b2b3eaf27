// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// PTX evidence for the in-place reverse of a modified temporary: the
// load-modify-store axpy_vec4 has v4 loads and a v4 store before; after,
// `v` (modified) is loaded by make_float4(<4 scalar loads>) in place, `w`
// (only read through lanes) by scalar loads at its uses, and the store is
// split: only scalar ld.global / st.global remain.
__global__ void axpy_vec4(const float *__restrict__ x, float *__restrict__ y, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4)
    return;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-FIXES: {{^}}  float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);{{$}}
  float4 w = reinterpret_cast<float4 *>(y)[i];
  v.x = a * v.x + w.x;
  // CHECK-FIXES: {{^}}  v.x = a * v.x + y[4 * i];{{$}}
  v.y = a * v.y + w.y;
  v.z = a * v.z + w.z;
  v.w = a * v.w + w.w;
  reinterpret_cast<float4 *>(y)[i] = v;
}
// CHECK-PTX-BEFORE: ld.global.nc.v4.f32
// CHECK-PTX-BEFORE: ld.global.v4.f32
// CHECK-PTX-BEFORE: st.global.v4.f32
// CHECK-PTX-NOT: .v4.f32
// CHECK-PTX-NOT: .v2.f32
// CHECK-PTX: ld.global.nc.f32
// CHECK-PTX: ld.global.f32
// CHECK-PTX: st.global.f32
