// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// unsigned index `tid << 2` in a local, early return instead of an if
// block, math calls in the values.
__global__ void relu_u(const float *__restrict__ x, float *__restrict__ y, unsigned n) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned base = tid << 2;
  if (base >= n) return;
  y[base] = fmaxf(x[base], 0.f);
  y[base + 1] = fmaxf(x[base + 1], 0.f);
  y[base + 2] = fmaxf(x[base + 2], 0.f);
  y[base + 3] = fmaxf(x[base + 3], 0.f);
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[base]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&y[base]) = make_float4(fmaxf(x_v0.x, 0.f), fmaxf(x_v0.y, 0.f), fmaxf(x_v0.z, 0.f), fmaxf(x_v0.w, 0.f));{{$}}
}
