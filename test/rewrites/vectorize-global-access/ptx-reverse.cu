// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// PTX evidence for reverse: the expert kernel's float4 load/store (v4 in the
// PTX before) become scalar accesses (no v4 after).
__global__ void scale4(const float *__restrict__ x, float *__restrict__ y, float s, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4)
    return;
  float4 v = __ldg(reinterpret_cast<const float4 *>(x) + i);
  reinterpret_cast<float4 *>(y)[i] = make_float4(s * v.x, s * v.y, s * v.z, s * v.w);
  // CHECK-FIXES: {{^}}  y[4 * i] = s * x[4 * i];{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 3] = s * x[4 * i + 3];{{$}}
}
// CHECK-PTX-BEFORE: ld.global.nc.v4.f32
// CHECK-PTX-BEFORE: st.global.v4.f32
// CHECK-PTX-NOT: .v4.f32
