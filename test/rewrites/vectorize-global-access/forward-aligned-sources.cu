// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:out:16
// base-aligned from the code itself, without an assertion: a pointer whose
// root is a `float4 *` parameter (16-byte aligned by its type, read through
// a `float *` view), and a `__device__` array declared `__align__(16)`. Only
// `out`, a plain `float *`, needs --assume.
__device__ __align__(16) float table[1024];

__global__ void scale4(const float4 *__restrict__ x4, float *__restrict__ out, float s) {
  const float *x = reinterpret_cast<const float *>(x4);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[4 * i] = s * x[4 * i];
  out[4 * i + 1] = s * x[4 * i + 1];
  out[4 * i + 2] = s * x[4 * i + 2];
  out[4 * i + 3] = s * x[4 * i + 3];
  // CHECK-FIXES:      {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&out[4 * i]) = make_float4(s * x_v0.x, s * x_v0.y, s * x_v0.z, s * x_v0.w);{{$}}
}

__global__ void lookup(float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = table[4 * i], b = table[4 * i + 1], c = table[4 * i + 2], d = table[4 * i + 3];
  // CHECK-FIXES:      {{^}}  const float4 table_v0 = *reinterpret_cast<const float4*>(&table[4 * i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  float a = table_v0.x, b = table_v0.y, c = table_v0.z, d = table_v0.w;{{$}}
  out[i] = a + b + c + d;
}
