// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=reverse
// Removes __restrict__ from read-only (const) kernel parameters and unwraps
// their __ldg loads; `const` stays (the kernel still never writes through
// them). Canonical forms: `__ldg(&E)` -> `E`, `__ldg(p + i)` -> `*(p + i)`,
// `__ldg(p)` -> `*p`. Written outputs (`float *__restrict__ out`) are not
// this pair's business and keep their __restrict__.
#define K 64

__global__ void matvec(const float *__restrict__ M, const float *__restrict__ v,
                       float *__restrict__ out, int rows);
// CHECK-FIXES: {{^}}__global__ void matvec(const float *M, const float *v,
// CHECK-FIXES-NEXT: {{^}}                       float *__restrict__ out, int rows);

__global__ void matvec(const float *__restrict__ M, const float *__restrict__ v,
                       float *__restrict__ out, int rows) {
// CHECK-FIXES: {{^}}__global__ void matvec(const float *M, const float *v,
// CHECK-FIXES-NEXT: {{^}}                       float *__restrict__ out, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const float *row = M + r * K;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc += __ldg(&row[k]) * __ldg(v + k);
  // CHECK-FIXES: {{^}}    acc += row[k] * *(v + k);
  out[r] = acc + __ldg(v);
  // CHECK-FIXES: {{^}}  out[r] = acc + *v;
}

__global__ void copy4(const float4* __restrict__ src, float4* __restrict__ dst, int n) {
// CHECK-FIXES: {{^}}__global__ void copy4(const float4* src, float4* __restrict__ dst, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float4 t = __ldg( &src[i] );
    // CHECK-FIXES: {{^}}    float4 t = src[i];
    dst[i] = make_float4(t.x, t.y, t.z, __ldg(src + i).w);
    // CHECK-FIXES: {{^}}    dst[i] = make_float4(t.x, t.y, t.z, (*(src + i)).w);
  }
}

// A const parameter loaded with __ldg but never __restrict__: only unwrapped.
__global__ void lut(const int *table, const unsigned char *px, int *out, int n) {
// CHECK-FIXES: {{^}}__global__ void lut(const int *table, const unsigned char *px, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __ldg(&table[__ldg(&px[i])]);
  // CHECK-FIXES: {{^}}  if (i < n) out[i] = table[px[i]];
}

// An unnamed prototype parameter and a `const` pointer: the qualifier is
// found after the `*` even where the declaration has no name.
__global__ void bias(const float *__restrict__, const float *__restrict__ const, float *, int);
// CHECK-FIXES: {{^}}__global__ void bias(const float *, const float *const, float *, int);
__global__ void bias(const float *__restrict__ x, const float *__restrict__ const b, float *y, int n) {
// CHECK-FIXES: {{^}}__global__ void bias(const float *x, const float *const b, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __ldg(x + i) + __ldg(b);
  // CHECK-FIXES: {{^}}  if (i < n) y[i] = *(x + i) + *b;
}
