// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// Several vector temporaries in one declaration are split together; a
// temporary stored whole as the body of an unbraced `if` takes its store
// with it (braces added). A declaration that also declares a non-load
// vector (`e = make_float4(...)`) cannot lose just one declarator, so `d`
// stays and its load becomes scalar loads in place (make_float4).
__global__ void k(const float *__restrict__ x, const float *__restrict__ w, float *__restrict__ y, int n) {
  const float4 *x4 = reinterpret_cast<const float4 *>(x);
  const float4 *w4 = reinterpret_cast<const float4 *>(w);
  int i = threadIdx.x;
  float4 a = x4[i], b = w4[i];
  y[i] = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  // CHECK-FIXES: {{^}}  y[i] = x[4 * i] * w[4 * i] + x[4 * i + 1] * w[4 * i + 1] + x[4 * i + 2] * w[4 * i + 2] + x[4 * i + 3] * w[4 * i + 3];{{$}}
  float4 c = x4[i + 1];
  if (n > 0)
    reinterpret_cast<float4 *>(y)[i + 8] = c;
  // CHECK-FIXES: {{^}}    {{[{]}}{{$}}
  // CHECK-FIXES: {{^}}      y[4 * (i + 8)] = x[4 * (i + 1)];{{$}}
  // CHECK-FIXES: {{^}}      y[4 * (i + 8) + 3] = x[4 * (i + 1) + 3];{{$}}
  // CHECK-FIXES: {{^}}    }{{$}}
  float4 d = x4[i + 2], e = make_float4(0.f, 0.f, 0.f, 0.f);
  // CHECK-FIXES: {{^}}  float4 d = make_float4(x[4 * (i + 2)], x[4 * (i + 2) + 1], x[4 * (i + 2) + 2], x[4 * (i + 2) + 3]), e = make_float4(0.f, 0.f, 0.f, 0.f);{{$}}
  y[0] = d.x + e.y;
}
