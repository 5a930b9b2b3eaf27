// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=all
// Templates: the width is a template parameter (the index `W*i + k` is
// analysed in the instantiation, where W = 4), and the element type is a
// template parameter instantiated once (float). A template instantiated with
// two element types needs two different vector types for one source text
// and is refused (see negative-instantiations-agree.cu).
template <int W>
__global__ void gather(const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = x[W * i];
  float b = x[W * i + 1];
  float c = x[W * i + 2];
  float d = x[W * i + 3];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[W * i]);{{$}}
  // CHECK-FIXES: {{^}}  float d = x_v0.w;{{$}}
  y[i] = a + b + c + d;
}
template __global__ void gather<4>(const float *, float *);

template <typename T>
__global__ void scale2(T *p, T s) {
  unsigned k = threadIdx.x;
  p[2 * k] = p[2 * k] * s;
  p[2 * k + 1] = p[2 * k + 1] * s;
  // CHECK-FIXES: {{^}}  const float2 p_v0 = *reinterpret_cast<const float2*>(&p[2 * k]);{{$}}
  // CHECK-FIXES: {{^}}  *reinterpret_cast<float2*>(&p[2 * k]) = make_float2(p_v0.x * s, p_v0.y * s);{{$}}
}
template __global__ void scale2<float>(float *, float);
