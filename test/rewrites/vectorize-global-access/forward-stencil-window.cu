// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16
// A stencil reads x[4*i-1 .. 4*i+4]: the symbolic part 4*i is a multiple of
// 4, so the group is chosen at the aligned window x[4*i .. 4*i+3]; the
// halo elements stay scalar.
__global__ void stencil(const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  float l = x[4 * i - 1];
  float c0 = x[4 * i], c1 = x[4 * i + 1], c2 = x[4 * i + 2], c3 = x[4 * i + 3];
  float r = x[4 * i + 4];
  // CHECK-FIXES: {{^}}  float l = x[4 * i - 1];{{$}}
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}  float c0 = x_v0.x, c1 = x_v0.y, c2 = x_v0.z, c3 = x_v0.w;{{$}}
  // CHECK-FIXES: {{^}}  float r = x[4 * i + 4];{{$}}
  y[i] = l + c0 + c1 + c2 + c3 + r;
}
