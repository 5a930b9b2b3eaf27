// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// Vector temporaries that are modified or used whole keep their declaration;
// their vector load becomes V scalar loads at the same program point,
// `make_float4(x[B], x[B + 1], x[B + 2], x[B + 3])` (make_int4, make_float2,
// ...). Nothing moves, so no aliasing question arises. Their whole stores
// are split as usual. Shapes: axpy_vec4 in a grid-stride loop (load, modify,
// store), a softmax row with the block size as a template parameter, an
// SGEMM epilogue through an indexing macro, int4 and float2 values used
// whole (a copy, an argument, an assignment to a reference parameter), and a
// load in an arm of ?:.
#define IDX(r, c, ld) ((r) * (ld) + (c))
__device__ float4 twice(float4 a) { return make_float4(2 * a.x, 2 * a.y, 2 * a.z, 2 * a.w); }

__global__ void axpy_vec4(const float *__restrict__ x, float *__restrict__ y, float a, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
    float4 v = reinterpret_cast<const float4 *>(x)[i];
    // CHECK-FIXES: {{^}}    float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);{{$}}
    float4 w = __ldg(reinterpret_cast<const float4 *>(y) + i);
    // CHECK-FIXES: {{^}}    float4 w = make_float4(y[4 * i], y[4 * i + 1], y[4 * i + 2], y[4 * i + 3]);{{$}}
    v.x = a * v.x + w.x;
    v.y = a * v.y + w.y;
    v.z = a * v.z + w.z;
    v.w = a * v.w + w.w;
    w = v;
    reinterpret_cast<float4 *>(y)[i] = w;
    // CHECK-FIXES: {{^}}    y[4 * i] = w.x;{{$}}
    // CHECK-FIXES: {{^}}    y[4 * i + 3] = w.w;{{$}}
  }
}

template <int BLOCK>
__global__ void softmax_rows(const float *__restrict__ in, float *__restrict__ out, int cols) {
  const float4 *row4 = reinterpret_cast<const float4 *>(in + (size_t)blockIdx.x * cols);
  float4 *out4 = reinterpret_cast<float4 *>(out + (size_t)blockIdx.x * cols);
  for (int j = threadIdx.x; j < cols / 4; j += BLOCK) {
    float4 v = row4[j];
    // CHECK-FIXES: {{^}}    float4 v = make_float4(in[(size_t)blockIdx.x * cols + 4 * j], in[(size_t)blockIdx.x * cols + 4 * j + 1], in[(size_t)blockIdx.x * cols + 4 * j + 2], in[(size_t)blockIdx.x * cols + 4 * j + 3]);{{$}}
    v.x = __expf(v.x);
    v.y = __expf(v.y);
    v.z = __expf(v.z);
    v.w = __expf(v.w);
    out4[j] = v;
    // CHECK-FIXES: {{^}}    out[(size_t)blockIdx.x * cols + 4 * j + 3] = v.w;{{$}}
  }
}
template __global__ void softmax_rows<128>(const float *__restrict__, float *__restrict__, int);
template __global__ void softmax_rows<256>(const float *__restrict__, float *__restrict__, int);

__global__ void epilogue(float *__restrict__ C, const float *__restrict__ acc, float alpha, float beta, int N) {
  int row = blockIdx.y, col = 4 * threadIdx.x;
  float4 c = reinterpret_cast<float4 *>(&C[IDX(row, col, N)])[0];
  // CHECK-FIXES: {{^}}  float4 c = make_float4(C[IDX(row, col, N)], C[IDX(row, col, N) + 1], C[IDX(row, col, N) + 2], C[IDX(row, col, N) + 3]);{{$}}
  c.x = alpha * acc[0] + beta * c.x;
  c.y = alpha * acc[1] + beta * c.y;
  c.z = alpha * acc[2] + beta * c.z;
  c.w = alpha * acc[3] + beta * c.w;
  reinterpret_cast<float4 *>(&C[IDX(row, col, N)])[0] = c;
  // CHECK-FIXES: {{^}}  C[IDX(row, col, N)] = c.x;{{$}}
  // CHECK-FIXES: {{^}}  C[IDX(row, col, N) + 3] = c.w;{{$}}
}

__device__ void load2(const float *p, int k, float2 &out) {
  out = reinterpret_cast<const float2 *>(p)[k];
  // CHECK-FIXES: {{^}}  out = make_float2(p[2 * k], p[2 * k + 1]);{{$}}
}

__global__ void whole(const int *__restrict__ a, int4 *__restrict__ b, const float *__restrict__ x,
                      float4 *__restrict__ y, float2 *__restrict__ z) {
  int t = threadIdx.x;
  int4 q = *reinterpret_cast<const int4 *>(&a[4 * t]);
  // CHECK-FIXES: {{^}}  int4 q = make_int4(a[4 * t], a[4 * t + 1], a[4 * t + 2], a[4 * t + 3]);{{$}}
  int4 r = q;
  r.w += 1;
  b[t] = r;
  y[t] = twice(reinterpret_cast<const float4 *>(x)[t]);
  // CHECK-FIXES: {{^}}  y[t] = twice(make_float4(x[4 * t], x[4 * t + 1], x[4 * t + 2], x[4 * t + 3]));{{$}}
  y[t + 64] = twice(__ldg(reinterpret_cast<const float4 *>(x) + t + 1));
  // CHECK-FIXES: {{^}}  y[t + 64] = twice(make_float4(x[4 * t + 4], x[4 * t + 5], x[4 * t + 6], x[4 * t + 7]));{{$}}
  load2(x, t, z[t]);
}

// A vector load in an arm of ?: is a value too; sizeof reads no memory.
__global__ void arms(const float *__restrict__ x, float *__restrict__ y, bool c) {
  int i = threadIdx.x;
  float4 v = c ? reinterpret_cast<const float4 *>(x)[i + 8] : make_float4(0.f, 0.f, 0.f, 0.f);
  // CHECK-FIXES: {{^}}  float4 v = c ? make_float4(x[4 * (i + 8)], x[4 * (i + 8) + 1], x[4 * (i + 8) + 2], x[4 * (i + 8) + 3]) : make_float4(0.f, 0.f, 0.f, 0.f);{{$}}
  v.x += 1.f;
  y[i] = v.x + v.w + sizeof(reinterpret_cast<const float4 *>(x)[i]);
  // CHECK-FIXES: {{^}}  y[i] = v.x + v.w + sizeof(reinterpret_cast<const float4 *>(x)[i]);{{$}}
}
