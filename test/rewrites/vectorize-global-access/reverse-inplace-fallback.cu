// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// A vector temporary read only through its lanes normally loses its
// declaration and each lane is loaded at its use. Where moving a load to its
// use is not proven safe, the temporary stays and its load becomes scalar
// loads where the vector load was (make_float4), which needs no aliasing fact.
//
// k1: a store through `y` (may alias `x`) lies between the load and the uses.
__global__ void k1(const float *x, float *y) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-FIXES: {{^}}  float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);{{$}}
  y[i] = v.x;
  y[i + 1] = v.y + v.z + v.w;
}
// k2: `x` itself is written before a use.
__global__ void k2(float *__restrict__ x) {
  int i = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-FIXES: {{^}}  float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);{{$}}
  x[4 * i + 1] = 0.f;
  x[4 * i + 2] = v.x + v.y;
}
// k3: the index changes before a use.
__global__ void k3(const float *__restrict__ x, float *__restrict__ y, int i) {
  float4 v = reinterpret_cast<const float4 *>(x)[i];
  // CHECK-FIXES: {{^}}  float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);{{$}}
  i += 1;
  y[i] = v.x + v.y + v.z + v.w;
}
// k5: the vector is stored back reversed into the same elements; the store is
// split too, reading the kept temporary.
__global__ void k5(float *__restrict__ y) {
  int i = threadIdx.x;
  const float4 y_v0 = *reinterpret_cast<const float4*>(&y[4 * i]);
  *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(y_v0.w, y_v0.z, y_v0.y, y_v0.x);
  // CHECK-FIXES: {{^}}  const float4 y_v0 = make_float4(y[4 * i], y[4 * i + 1], y[4 * i + 2], y[4 * i + 3]);{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i] = y_v0.w;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 1] = y_v0.z;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 2] = y_v0.y;{{$}}
  // CHECK-FIXES: {{^}}  y[4 * i + 3] = y_v0.x;{{$}}
}
// A 2-D tile load in an expert style, index macro, template width: the
// kernel writes `out` (may alias `in`) between load and use.
#define AT(r, c, ld) ((r) * (ld) + (c))
template <int TILE>
__global__ void tile_sum(const float *in, float *out, int ld) {
  int r = blockIdx.y * TILE + threadIdx.y, c = 4 * threadIdx.x;
  float4 q = *reinterpret_cast<const float4 *>(&in[AT(r, c, ld)]);
  // CHECK-FIXES: {{^}}  float4 q = make_float4(in[AT(r, c, ld)], in[AT(r, c, ld) + 1], in[AT(r, c, ld) + 2], in[AT(r, c, ld) + 3]);{{$}}
  out[AT(r, c, ld)] = q.x;
  out[AT(r, c, ld) + 1] = q.y + q.z + q.w;
}
template __global__ void tile_sum<8>(const float *, float *, int);
