// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=multiple:n:4
// Individually guarded lanes `if (4*i+k < n) ...`: with n asserted to be a
// multiple of 4 (and 4*i a multiple of 4), every guard equals lane 0's
// guard, so the four guarded statements become one guard holding the vector
// code (tail-covered holds). Loads and stores under the same guards are
// merged into one vector copy-like statement.
__global__ void scale(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * i < n) y[4 * i] = 2.f * x[4 * i];
  if (4 * i + 1 < n) y[4 * i + 1] = 2.f * x[4 * i + 1];
  if (4 * i + 2 < n) y[4 * i + 2] = 2.f * x[4 * i + 2];
  if (4 * i + 3 < n) y[4 * i + 3] = 2.f * x[4 * i + 3];
  // CHECK-FIXES: {{^}}  if (4 * i < n) {{[{]}}{{$}}
  // CHECK-FIXES: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(2.f * x_v0.x, 2.f * x_v0.y, 2.f * x_v0.z, 2.f * x_v0.w);{{$}}
  // CHECK-FIXES: {{^}}  }{{$}}
}

__global__ void sum_guarded(const float *__restrict__ x, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  if (4 * i < n) {
    s += x[4 * i];
  }
  if (4 * i + 1 < n) {
    s += x[4 * i + 1];
  }
  if (4 * i + 2 < n) {
    s += x[4 * i + 2];
  }
  if (4 * i + 3 < n) {
    s += x[4 * i + 3];
  }
  // CHECK-FIXES: {{^}}  if (4 * i < n) {{[{]}}{{$}}
  // CHECK-FIXES: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  // CHECK-FIXES: {{^}}    s += x_v0.x;{{$}}
  // CHECK-FIXES: {{^}}    s += x_v0.w;{{$}}
  // CHECK-FIXES: {{^}}  }{{$}}
  out[i] = s;
}
