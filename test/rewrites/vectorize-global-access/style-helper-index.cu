// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// The base index comes from a __device__ helper or a lambda: `gtid() * 4`
// is a multiple of 4 whatever the call returns (it is evaluated once, into
// a const local). Before, the call made the initialiser unanalysable and
// index-aligned was unknown. Loads declared together in one declaration,
// stores on one line, a namespace.
namespace ops {
__device__ __forceinline__ int gtid() { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void sq(const float *__restrict__ x, float *__restrict__ y, int n) {
  const int i = gtid() * 4;
  if (i + 3 < n) {
    const float v0 = x[i], v1 = x[i + 1], v2 = x[i + 2], v3 = x[i + 3];
    y[i] = v0 * v0; y[i + 1] = v1 * v1; y[i + 2] = v2 * v2; y[i + 3] = v3 * v3;
    // CHECK-FIXES: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const float v0 = x_v0.x, v1 = x_v0.y, v2 = x_v0.z, v3 = x_v0.w;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&y[i]) = make_float4(v0 * v0, v1 * v1, v2 * v2, v3 * v3);{{$}}
  }
}
} // namespace ops

__global__ void lam(const float *__restrict__ x, float *__restrict__ y, int n) {
  auto idx = [] () { return (int)(blockIdx.x * blockDim.x + threadIdx.x); };
  int i;
  i = idx() * 4;
  if (i < n) {
    y[i] = x[i] * 3.f; y[i+1] = x[i+1] * 3.f; y[i+2] = x[i+2] * 3.f; y[i+3] = x[i+3] * 3.f;
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&y[i]) = make_float4(x_v0.x * 3.f, x_v0.y * 3.f, x_v0.z * 3.f, x_v0.w * 3.f);{{$}}
  }
}
