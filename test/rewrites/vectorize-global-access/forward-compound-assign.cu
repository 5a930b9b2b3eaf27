// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=multiple:n:4
// Compound-assignment lanes `y[B + k] op= e` in straight-line code: each is
// a read and a store of the lane, so the group becomes one vector load of y
// (merged into the store's site) and one vector store of `y op (e)`.
// Parentheses are kept unless the right operand binds tighter (`a * x`
// under `+`). Per-lane guards merge as for plain stores.
__global__ void axpy_acc(const float *__restrict__ x, float *__restrict__ y, float a, int n) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 3 < n) {
    y[i] += a * x[i];
    y[i + 1] += a * x[i + 1];
    y[i + 2] += a * x[i + 2];
    y[i + 3] += a * x[i + 3];
    // CHECK-FIXES: {{^}}    const float4 y_v0 = *reinterpret_cast<const float4*>(&y[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&y[i]) = make_float4(y_v0.x + a * x_v0.x, y_v0.y + a * x_v0.y, y_v0.z + a * x_v0.z, y_v0.w + a * x_v0.w);{{$}}
  }
}

__global__ void mixed_ops(float *__restrict__ y, float s) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  y[i] *= s;
  y[i + 1] = y[i + 1] * s;
  y[i + 2] -= 1.f;
  y[i + 3] /= s + 1.f;
  // CHECK-FIXES: {{^}}  const float4 y_v0 = *reinterpret_cast<const float4*>(&y[i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&y[i]) = make_float4(y_v0.x * s, y_v0.y * s, y_v0.z - 1.f, y_v0.w / (s + 1.f));{{$}}
}

__global__ void guarded_acc(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] += x[i];
  if (i + 1 < n) y[i + 1] += x[i + 1];
  if (i + 2 < n) y[i + 2] += x[i + 2];
  if (i + 3 < n) y[i + 3] += x[i + 3];
  // CHECK-FIXES: {{^}}  if (i < n) {{{$}}
  // CHECK-FIXES-NEXT: {{^}}    const float4 y_v0 = *reinterpret_cast<const float4*>(&y[i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&y[i]) = make_float4(y_v0.x + x_v0.x, y_v0.y + x_v0.y, y_v0.z + x_v0.z, y_v0.w + x_v0.w);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  }{{$}}
}
