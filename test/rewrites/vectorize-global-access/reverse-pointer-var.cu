// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// float4 pointer variables (`const float4 *c4 = reinterpret_cast<...>(c)`),
// a vector copy, a temporary stored whole (the store is split with it), a
// single lane read straight from a vector load, and float2 / int4.
__global__ void k(float *__restrict__ b, const float *__restrict__ c, const int *__restrict__ p,
                  int *__restrict__ q) {
  const float4 *c4 = reinterpret_cast<const float4 *>(c);
  float4 *b4 = reinterpret_cast<float4 *>(b);
  int i = threadIdx.x;
  b4[i] = c4[i];
  // CHECK-FIXES: {{^}}  b[4 * i] = c[4 * i];{{$}}
  // CHECK-FIXES: {{^}}  b[4 * i + 3] = c[4 * i + 3];{{$}}
  float4 w = c4[i + 64];
  b4[i + 64] = w;
  // CHECK-FIXES: {{^}}  b[4 * (i + 64)] = c[4 * (i + 64)];{{$}}
  // CHECK-FIXES: {{^}}  b[4 * (i + 64) + 3] = c[4 * (i + 64) + 3];{{$}}
  float s = reinterpret_cast<const float2 *>(c)[i].y;
  // CHECK-FIXES: {{^}}  float s = c[2 * i + 1];{{$}}
  b[0] = s;
  int4 m = *reinterpret_cast<const int4 *>(p + 8 * i);
  *reinterpret_cast<int4 *>(&q[8 * i]) = make_int4(m.w, m.z, m.y, m.x);
  // CHECK-FIXES: {{^}}  q[8 * i] = p[8 * i + 3];{{$}}
  // CHECK-FIXES: {{^}}  q[8 * i + 1] = p[8 * i + 2];{{$}}
  // CHECK-FIXES: {{^}}  q[8 * i + 2] = p[8 * i + 1];{{$}}
  // CHECK-FIXES: {{^}}  q[8 * i + 3] = p[8 * i];{{$}}
}
