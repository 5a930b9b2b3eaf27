// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=multiple:j:4
// index-aligned from facts outside the index expression:
// __builtin_assume(i % 4 == 0) in the source, and --assume=multiple:j:4.
__global__ void k(const float *__restrict__ x, float *__restrict__ out, int i, int j) {
  __builtin_assume(i % 4 == 0);
  float s = x[i] + x[i + 1] + x[i + 2] + x[i + 3];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
  // CHECK-FIXES: {{^}}  float s = x_v0.x + x_v0.y + x_v0.z + x_v0.w;{{$}}
  float t = x[j] + x[j + 1] + x[j + 2] + x[j + 3];
  // CHECK-FIXES: {{^}}  const float4 x_v1 = *reinterpret_cast<const float4*>(&x[j]);{{$}}
  // CHECK-FIXES: {{^}}  float t = x_v1.x + x_v1.y + x_v1.z + x_v1.w;{{$}}
  out[threadIdx.x] = s * t;
}
