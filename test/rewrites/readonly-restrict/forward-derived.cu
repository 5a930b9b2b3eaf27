// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// The pointer is followed through the kernel: a row pointer copied from it
// (its type gains const), loads through that copy (wrapped too), a
// reinterpret_cast to float4 (gains const; the float4 load is wrapped), a
// __device__ helper that only reads (its parameter gains const, but the helper
// itself is refused: not a kernel), a vector-type copy, `*p`, loads inside a
// macro argument, and `p[i].x` (a partial read: left as is).
#define LOAD_TWICE(v) ((v) + (v))

struct Pair { float lo, hi; };

__device__ float first_of(float *p) { return p[0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:34: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'global-kernel' fails: 'first_of' is a __device__ function{{.*}} [KL1305]
// CHECK-FIXES: {{^}}__device__ float first_of(const float *p) { return p[0]; }

__global__ void gemv(float *A, float *x, float *y, int rows, int cols) {
// CHECK-FIXES: {{^}}__global__ void gemv(const float *__restrict__ A, const float *__restrict__ x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float *row = A + r * cols;
  // CHECK-FIXES: {{^}}  const float *row = A + r * cols;
  float acc = 0.f;
  for (int c = 0; c < cols; ++c)
    acc += row[c] * x[c];
  // CHECK-FIXES: {{^}}    acc += __ldg(&row[c]) * __ldg(&x[c]);
  y[r] = acc + first_of(A) + *x;
  // CHECK-FIXES: {{^}}  y[r] = acc + first_of(A) + __ldg(x);
}

__global__ void vec4(float *in, float4 *in4, float *out, int n4) {
// CHECK-FIXES: {{^}}__global__ void vec4(const float *__restrict__ in, const float4 *__restrict__ in4, float *out, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  float4 v = reinterpret_cast<float4 *>(in)[i];
  // CHECK-FIXES: {{^}}  float4 v = __ldg(&reinterpret_cast<const float4 *>(in)[i]);
  float4 w = in4[i];
  // CHECK-FIXES: {{^}}  float4 w = __ldg(&in4[i]);
  out[i] = v.x + w.w + in4[0].y + LOAD_TWICE(in[i]);
  // CHECK-FIXES: {{^}}  out[i] = v.x + w.w + in4[0].y + LOAD_TWICE(__ldg(&in[i]));
}
