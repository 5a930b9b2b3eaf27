// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Reads through __ldg from __restrict__ rows (what readonly-restrict writes,
// and a common hand style): a load through the read-only cache is a plain
// read of the element, not a side effect, so the folds over it (here an
// online softmax whose rescale sits in a branch, and a row's sum of squares)
// are recognised and the row goes to a block as without __ldg.
#include <cuda_runtime.h>

__global__ void softmax_ldg(const float *__restrict__ in, float *__restrict__ out, unsigned n, unsigned d) {
  unsigned i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    float hi = -INFINITY, z = 0.0f;
    for (unsigned j = 0; j < d; j++) {
      float v = __ldg(&in[(size_t)i * d + j]);
      if (v > hi) {
        z = z * __expf(hi - v) + 1.0f;
        hi = v;
      } else {
        z += __expf(v - hi);
      }
    }
    for (unsigned j = 0; j < d; j++)
      out[(size_t)i * d + j] = __expf(__ldg(in + (size_t)i * d + j) - hi) / z;
  }
}

__global__ void row_energy(const float *__restrict__ a, float *__restrict__ e, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.f;
  for (int c = 0; c < cols; ++c) {
    float t = __ldg(a + r * cols + c);
    acc += t * t;
  }
  e[r] = acc;
}

void run(const float *in, float *out, unsigned n, unsigned d, float *e) {
  softmax_ldg<<<(n + 255) / 256, 256>>>(in, out, n, d);
  row_energy<<<(n + 127) / 128, 128>>>(in, e, n, d);
}
// CHECK-FIXES: {{^}}__global__ void softmax_ldg(const float *__restrict__ in, float *__restrict__ out, unsigned n, unsigned d) {
// CHECK-FIXES-NEXT: {{^}}  for (unsigned int i = blockIdx.x; i < n; i += gridDim.x) {
// CHECK-FIXES: {{^}}    for (unsigned j = threadIdx.x; j < d; j += blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}      float v = __ldg(&in[(size_t)i * d + j]);
// CHECK-FIXES: {{^}}    for (unsigned j = threadIdx.x; j < d; j += blockDim.x)
// CHECK-FIXES-NEXT: {{^}}      out[(size_t)i * d + j] = __expf(__ldg(in + (size_t)i * d + j) - hi) / z;
// CHECK-FIXES: {{^}}__global__ void row_energy(const float *__restrict__ a, float *__restrict__ e, int rows, int cols) {
// CHECK-FIXES-NEXT: {{^}}  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
// CHECK-FIXES: {{^}}  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
// CHECK-FIXES-NEXT: {{^}}    float t = __ldg(a + r * cols + c);
// CHECK-FIXES: {{^}}    e[r] = acc;
// CHECK-FIXES: {{^}}  softmax_ldg<<<{{.*}}, 256>>>(in, out, n, d);
// CHECK-FIXES: {{^}}  row_energy<<<{{.*}}, 256>>>(in, e, n, d);
