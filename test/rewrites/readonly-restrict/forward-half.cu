// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// __half elements go through cuda_fp16's free operators, which take
// `const __half &`, and its conversion `operator float() const`: both only
// read the value, so the element is loaded with __ldg like a float. (The
// first operand of a free operator is not the object of a method: it is not
// a write unless the parameter is a non-const reference, like operator+=.)
// A kernel template instantiated for float, __half and int then needs the
// same edits in every instantiation.
#include <cuda_fp16.h>

__global__ void hmul(const __half *a, const __half *b, __half *__restrict__ c, int n) {
// CHECK-FIXES: {{^}}__global__ void hmul(const __half *__restrict__ a, const __half *__restrict__ b, __half *__restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] * b[i] + __float2half(static_cast<float>(a[i]));
  // CHECK-FIXES: {{^}}  if (i < n) c[i] = __ldg(&a[i]) * __ldg(&b[i]) + __float2half(static_cast<float>(__ldg(&a[i])));
}

__global__ void hacc(__half *__restrict__ acc, const __half *d, __half *__restrict__ out, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:43: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'never-written' fails: 'acc' is written: passed by non-const reference to 'operator+=' at line [[@LINE+4]] ('acc[i] += d[i]') [KL1301]
// CHECK-FIXES: {{^}}__global__ void hacc(__half *__restrict__ acc, const __half *__restrict__ d, __half *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  acc[i] += d[i];
  // CHECK-FIXES: {{^}}  acc[i] += __ldg(&d[i]);
  out[i] = acc[i];
}

template <typename T>
__global__ void to_float(const T *in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void to_float(const T *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<float>(in[i]);
  // CHECK-FIXES: {{^}}  if (i < n) out[i] = static_cast<float>(__ldg(&in[i]));
}
template __global__ void to_float<__half>(const __half *, float *__restrict__, int);
// CHECK-FIXES: {{^}}template __global__ void to_float<__half>(const __half *__restrict__, float *__restrict__, int);
template __global__ void to_float<float>(const float *, float *__restrict__, int);
// CHECK-FIXES: {{^}}template __global__ void to_float<float>(const float *__restrict__, float *__restrict__, int);
template __global__ void to_float<int>(const int *, float *__restrict__, int);
// CHECK-FIXES: {{^}}template __global__ void to_float<int>(const int *__restrict__, float *__restrict__, int);
