// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16
// Pointer arithmetic first (`p = x + 4*i`), then p[0..3]; the offset of
// p from x is 16*i bytes, so x's alignment carries over.
__global__ void ptr_off(const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = x + 4 * i;
  float *q = y + 4 * i;
  q[0] = p[0] * 2.f;
  q[1] = p[1] * 2.f;
  q[2] = p[2] * 2.f;
  q[3] = p[3] * 2.f;
  // CHECK-FIXES: {{^}}  const float4 p_v0 = *reinterpret_cast<const float4*>(&p[0]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  *reinterpret_cast<float4*>(&q[0]) = make_float4(p_v0.x * 2.f, p_v0.y * 2.f, p_v0.z * 2.f, p_v0.w * 2.f);{{$}}
}
