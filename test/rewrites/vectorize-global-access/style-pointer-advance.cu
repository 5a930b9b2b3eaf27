// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// Parameters advanced in place (`x += 4 * i`, then x[0..3]): each advance is
// a multiple of 4 elements (16 bytes), so the alignment asserted for the
// parameter as passed still holds at the access. Before, any advance made
// the offset unknown.
__global__ void bump(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * i >= n) return;
  x += 4 * i;
  y += i << 2;
  float a = x[0], b = x[1], c = x[2], d = x[3];
  y[0] = a + b; y[1] = b + c; y[2] = c + d; y[3] = d + a;
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[0]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  float a = x_v0.x, b = x_v0.y, c = x_v0.z, d = x_v0.w;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&y[0]) = make_float4(a + b, b + c, c + d, d + a);{{$}}
}
