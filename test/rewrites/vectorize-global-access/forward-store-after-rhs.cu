// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16
// The lanes are read in the right-hand side of an assignment whose store
// (through `out`, which may alias `x`) happens after the right-hand side is
// evaluated: it is not between the lanes, so the loads may be merged.
__global__ void dot4(float *out, const float *x, float w0, float w1, float w2, float w3) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[i * 4] * w0 + x[i * 4 + 1] * w1 + x[i * 4 + 2] * w2 + x[i * 4 + 3] * w3;
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i * 4]);{{$}}
  // CHECK-FIXES: {{^}}  out[i] = x_v0.x * w0 + x_v0.y * w1 + x_v0.z * w2 + x_v0.w * w3;{{$}}
}
