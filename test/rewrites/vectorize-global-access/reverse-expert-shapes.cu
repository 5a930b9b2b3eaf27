// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// The shapes expert kernels use (SGEMM, softmax, transpose). A vector
// temporary read only through .x/.y/.z/.w becomes scalar loads at its uses;
// a vector store becomes V scalar stores (lane k at p[B + k]).
__global__ void shapes(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int i4 = 4 * i;
  float4 v = reinterpret_cast<const float4 *>(&x[i4])[0];
  float4 t = *(const float4 *)(x + 4 * i);
  float4 u = __ldg(reinterpret_cast<const float4 *>(x) + i);
  // CHECK-FIXES-NOT: float4 v =
  // CHECK-FIXES-NOT: float4 t =
  // CHECK-FIXES-NOT: float4 u =
  float4 r;
  r.x = v.x + t.x + u.x;
  // CHECK-FIXES: {{^}}  r.x = x[i4] + x[4 * i] + x[4 * i];{{$}}
  r.y = v.y + t.y + u.y;
  // CHECK-FIXES: {{^}}  r.y = x[i4 + 1] + x[4 * i + 1] + x[4 * i + 1];{{$}}
  r.z = v.z + t.z + u.z;
  r.w = v.w + t.w + u.w;
  // CHECK-FIXES: {{^}}  r.w = x[i4 + 3] + x[4 * i + 3] + x[4 * i + 3];{{$}}
  reinterpret_cast<float4 *>(y)[i] = r;
  // CHECK-FIXES: {{^}}  y[4 * i] = r.x;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 1] = r.y;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 2] = r.z;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 3] = r.w;{{$}}
  *reinterpret_cast<float4 *>(&y[4 * (i + n)]) = make_float4(v.x, 1.f, 2.f, t.w);
  // CHECK-FIXES: {{^}}  y[4 * (i + n)] = x[i4];{{$}}
  // CHECK-FIXES: {{^}}  y[4 * (i + n) + 1] = 1.f;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * (i + n) + 2] = 2.f;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * (i + n) + 3] = x[4 * i + 3];{{$}}
}
