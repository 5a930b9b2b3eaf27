// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=aligned:x:16 --assume=aligned:w:16 --assume=aligned:in:8
// Lanes inside one expression, with the index spelled in different ways:
// `base + k` where `int base = 4*tid;`, `(i<<2)+k`, `i*4+k`, `1+i*4`, and
// pairs (float2) chosen from a group of two, and a gather whose index reads
// memory that nothing writes between the lanes.
__global__ void dot4(const float *x, const float *w, float *out, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int base = 4 * tid;
  float s = x[base] * w[0] + x[base + 1] * w[1] + x[base + 2] * w[2] + x[base + 3] * w[3];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[base]);{{$}}
  // CHECK-FIXES: {{^}}  const float4 w_v0 = *reinterpret_cast<const float4*>(&w[0]);{{$}}
  // CHECK-FIXES: {{^}}  float s = x_v0.x * w_v0.x + x_v0.y * w_v0.y + x_v0.z * w_v0.z + x_v0.w * w_v0.w;{{$}}
  out[tid] = s;
}

__global__ void mixed(const float *x, float *out) {
  int i = threadIdx.x;
  float s = x[(i << 2)] + x[i * 4 + 2] + x[1 + i * 4] + x[(i << 2) + 3];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[(i << 2)]);{{$}}
  // CHECK-FIXES: {{^}}  float s = x_v0.x + x_v0.z + x_v0.y + x_v0.w;{{$}}
  out[i] = s;
}

__global__ void pairs(const int *in, int *out) {
  unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
  int lo = in[2 * j], hi = in[2 * j + 1];
  // CHECK-FIXES: {{^}}  const int2 in_v0 = *reinterpret_cast<const int2*>(&in[2 * j]);{{$}}
  // CHECK-FIXES: {{^}}  int lo = in_v0.x, hi = in_v0.y;{{$}}
  out[j] = lo > hi ? lo : hi;
}

__global__ void gather(const float *__restrict__ x, const int *__restrict__ idx, float *__restrict__ y) {
  int j = threadIdx.x;
  float a = x[4 * idx[j]], b = x[4 * idx[j] + 1], c = x[4 * idx[j] + 2], d = x[4 * idx[j] + 3];
  // CHECK-FIXES: {{^}}  const float4 x_v0 = *reinterpret_cast<const float4*>(&x[4 * idx[j]]);{{$}}
  // CHECK-FIXES: {{^}}  float a = x_v0.x, b = x_v0.y, c = x_v0.z, d = x_v0.w;{{$}}
  y[j] = a + b + c + d;
}
