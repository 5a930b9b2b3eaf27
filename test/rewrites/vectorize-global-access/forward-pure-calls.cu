// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// Stored values that call side-effect-free math functions (__expf, fmaxf)
// can be evaluated together in make_float4 (softmax-style normalisation).
__global__ void expnorm(const float *__restrict__ x, float *__restrict__ y, float m, float inv) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[4 * i] = __expf(x[4 * i] - m) * inv;
  y[4 * i + 1] = __expf(x[4 * i + 1] - m) * inv;
  y[4 * i + 2] = __expf(x[4 * i + 2] - m) * inv;
  y[4 * i + 3] = fmaxf(__expf(x[4 * i + 3] - m) * inv, 0.f);
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}  *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(__expf(x_v0.x - m) * inv, __expf(x_v0.y - m) * inv, __expf(x_v0.z - m) * inv, fmaxf(__expf(x_v0.w - m) * inv, 0.f));{{$}}
}
