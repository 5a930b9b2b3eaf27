// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=aligned:a:16 --assume=aligned:u:8 --assume=multiple:ld:4
// Forward reads `make_float4(p[B], p[B + 1], p[B + 2], p[B + 3])` (and
// make_int4, make_float2, make_int2, make_uint2) as one lane group: the call
// becomes the vector load `*reinterpret_cast<const float4*>(&p[B])` where it
// stands. This is the shape reverse leaves for modified vector temporaries.
// The index may be spelled any way the linear forms accept; the usual
// preconditions apply (index-aligned, base-aligned, global-pointer, ...).
// A store of `v.x, v.y, v.z, v.w` of one float4 `v` becomes `= v`.
#define IDX(r, c, ld) ((r) * (ld) + (c))

__global__ void axpy_vec4(const float *__restrict__ x, float *__restrict__ y, float s, int n) {
  for (int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += 4 * blockDim.x * gridDim.x) {
    float4 v = make_float4(x[i], x[i + 1], x[i + 2], x[i + 3]);
    // CHECK-FIXES: {{^}}    float4 v = *reinterpret_cast<const float4*>(&x[i]);{{$}}
    float4 w = make_float4(y[i*4 - 3*i], y[1 + i], y[i + 2], __ldg(&y[i + 3]));
    // CHECK-FIXES: {{^}}    float4 w = *reinterpret_cast<const float4*>(&y[i*4 - 3*i]);{{$}}
    v.x = s * v.x + w.x;
    v.y = s * v.y + w.y;
    v.z = s * v.z + w.z;
    v.w = s * v.w + w.w;
    y[i] = v.x;
    y[i + 1] = v.y;
    y[i + 2] = v.z;
    y[i + 3] = v.w;
    // CHECK-FIXES: {{^}}    *reinterpret_cast<float4*>(&y[i]) = v;{{$}}
  }
}

__global__ void spellings(const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = make_float4(x[i * 4], x[1 + i * 4], x[(i << 2) + 2], x[4 * i + 3]);
  // CHECK-FIXES: {{^}}  float4 p = *reinterpret_cast<const float4*>(&x[i * 4]);{{$}}
  float4 q = make_float4(__ldg(x + 4 * i + 4), *(x + 4 * i + 5), __ldg(&x[4 * i + 6]), x[4 * i + 7]);
  // CHECK-FIXES: {{^}}  float4 q = *reinterpret_cast<const float4*>(&x[4 * i + 4]);{{$}}
  p.x += q.w;
  y[i] = p.x + p.y + p.z + p.w;
}

template <int W>
__global__ void tile2d(const float *__restrict__ a, float *__restrict__ y, int ld) {
  int row = blockIdx.y, c = threadIdx.x;
  float4 t = make_float4(a[IDX(row, W * c, ld)], a[IDX(row, W * c, ld) + 1], a[IDX(row, W * c, ld) + 2], a[IDX(row, W * c, ld) + 3]);
  // CHECK-FIXES: {{^}}  float4 t = *reinterpret_cast<const float4*>(&a[IDX(row, W * c, ld)]);{{$}}
  float2 h = make_float2(a[row * ld + 4 * c], a[ld * row + c * 4 + 1]);
  // CHECK-FIXES: {{^}}  float2 h = *reinterpret_cast<const float2*>(&a[row * ld + 4 * c]);{{$}}
  t.w = h.x - h.y;
  y[row * ld + c] = t.x + t.w;
}
template __global__ void tile2d<4>(const float *__restrict__, float *__restrict__, int);

__global__ void ints(const int *__restrict__ x, const unsigned *__restrict__ u, int *__restrict__ y) {
  int t = threadIdx.x;
  int4 a = make_int4(x[4 * t], x[4 * t + 1], x[4 * t + 2], x[4 * t + 3]);
  // CHECK-FIXES: {{^}}  int4 a = *reinterpret_cast<const int4*>(&x[4 * t]);{{$}}
  int2 b = make_int2(x[2 * t + 64], x[2 * t + 65]);
  // CHECK-FIXES: {{^}}  int2 b = *reinterpret_cast<const int2*>(&x[2 * t + 64]);{{$}}
  uint2 c = make_uint2(__ldg(&u[2 * t]), __ldg(&u[2 * t + 1]));
  // CHECK-FIXES: {{^}}  uint2 c = *reinterpret_cast<const uint2*>(&u[2 * t]);{{$}}
  a.x ^= b.y;
  y[t] = a.x + a.w + b.x + (int)c.y;
}
