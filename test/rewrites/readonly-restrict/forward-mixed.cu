// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Loads inside lambdas (captured by copy and by reference), a __half input
// (its __ldg overload comes from cuda_fp16.h), a parameter already
// `const __restrict__` with one load left to wrap, a pointer walked with
// `p++`, and null checks / pointer differences (reads of the pointer itself).
#include <cuda_fp16.h>

__global__ void lam(const float *in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void lam(const float *__restrict__ in, float *__restrict__ out, int n) {
  auto twice = [=](int i) { return in[i] * 2.f; };
  // CHECK-FIXES: {{^}}  auto twice = [=](int i) { return __ldg(&in[i]) * 2.f; };
  auto next = [&](int i) { return in[i + 1]; };
  // CHECK-FIXES: {{^}}  auto next = [&](int i) { return __ldg(&in[i + 1]); };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) out[i] = twice(i) + next(i);
}

__global__ void widen(const __half *h, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void widen(const __half *__restrict__ h, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __half2float(h[i]);
  // CHECK-FIXES: {{^}}  if (i < n) out[i] = __half2float(__ldg(&h[i]));
}

__global__ void partly(const float *__restrict__ a, float *__restrict__ out) {
// CHECK-FIXES: {{^}}__global__ void partly(const float *__restrict__ a, float *__restrict__ out) {
  out[threadIdx.x] = __ldg(&a[threadIdx.x]) + a[0];
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = __ldg(&a[threadIdx.x]) + __ldg(&a[0]);
}

__global__ void count_until_zero(const int *flags, int *__restrict__ out) {
// CHECK-FIXES: {{^}}__global__ void count_until_zero(const int *__restrict__ flags, int *__restrict__ out) {
  if (flags == nullptr) return;
  const int *p = flags;
  while (*p++ != 0) {}
  // CHECK-FIXES: {{^}}  while (__ldg(p++) != 0) {}
  out[blockIdx.x] = (int)(p - flags);
}
