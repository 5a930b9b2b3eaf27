// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --option=vector-width=2 --assume=aligned:x:8 --assume=aligned:y:8
// --option=vector-width=2 forces float2 even where four contiguous lanes
// would allow a float4: the four loads become two float2 loads.
__global__ void k(const float *__restrict__ x, float *__restrict__ y) {
  int i = threadIdx.x;
  float a = x[4 * i], b = x[4 * i + 1], c = x[4 * i + 2], d = x[4 * i + 3];
  // CHECK-FIXES: {{^}}  const float2 x_v0 = *reinterpret_cast<const float2*>(&x[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}  const float2 x_v1 = *reinterpret_cast<const float2*>(&x[4 * i + 2]);{{$}}
  // CHECK-FIXES: {{^}}  float a = x_v0.x, b = x_v0.y, c = x_v1.x, d = x_v1.y;{{$}}
  y[i] = a * b + c * d;
}
