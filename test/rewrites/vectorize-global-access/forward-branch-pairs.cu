// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16
// Four contiguous lanes split over two branches cannot be one float4, but
// each branch holds an aligned pair: two float2 loads, one per branch.
__global__ void k(const float *__restrict__ x, float *__restrict__ out, int c) {
  int i = threadIdx.x;
  float s;
  if (c) {
    s = x[4 * i] + x[4 * i + 1];
    // CHECK-FIXES: {{^}}    const float2 x_v0 = *reinterpret_cast<const float2*>(&x[4 * i]);{{$}}
    // CHECK-FIXES: {{^}}    s = x_v0.x + x_v0.y;{{$}}
  } else {
    s = x[4 * i + 2] - x[4 * i + 3];
    // CHECK-FIXES: {{^}}    const float2 x_v1 = *reinterpret_cast<const float2*>(&x[4 * i + 2]);{{$}}
    // CHECK-FIXES: {{^}}    s = x_v1.x - x_v1.y;{{$}}
  }
  out[i] = s;
}
