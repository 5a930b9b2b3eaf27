// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// PTX evidence for forward on make_float4 of four scalar loads: scalar
// ld.global before, one v4 load each after (and a v4 store of the
// temporary stored whole).
__global__ void axpy_vec4(const float *__restrict__ x, float *__restrict__ y, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4)
    return;
  float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);
  // CHECK-FIXES: {{^}}  float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  float4 w = make_float4(y[4 * i], y[4 * i + 1], y[4 * i + 2], y[4 * i + 3]);
  // CHECK-FIXES: {{^}}  float4 w = *reinterpret_cast<const float4*>(&y[4 * i]);{{$}}
  v.x = a * v.x + w.x;
  v.y = a * v.y + w.y;
  v.z = a * v.z + w.z;
  v.w = a * v.w + w.w;
  y[4 * i] = v.x;
  y[4 * i + 1] = v.y;
  y[4 * i + 2] = v.z;
  y[4 * i + 3] = v.w;
  // CHECK-FIXES: {{^}}  *reinterpret_cast<float4*>(&y[4 * i]) = v;{{$}}
}
// CHECK-PTX-BEFORE-NOT: .v4.f32
// CHECK-PTX: ld.global.nc.v4.f32
// CHECK-PTX: ld.global.v4.f32
// CHECK-PTX: st.global.v4.f32
