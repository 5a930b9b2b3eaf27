// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A kernel template instantiated by two host launches (float, double), and a
// prototype with unnamed parameters using the 'half' typedef.
#include <cuda_fp16.h>
template <typename T>
__global__ void scale(T *__restrict__ out, T *in, T a, int n) {
// CHECK-FIXES: {{^}}__global__ void scale(T *__restrict__ out, const T *__restrict__ in, T a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = a * in[i];
    // CHECK-FIXES: {{^}}    out[i] = a * __ldg(&in[i]);
}
__global__ void hk(const half *, half *__restrict__, int);
// CHECK-FIXES: {{^}}__global__ void hk(const half *__restrict__, half *__restrict__, int);
__global__ void hk(const half *x, half *__restrict__ y, int n) {
// CHECK-FIXES: {{^}}__global__ void hk(const half *__restrict__ x, half *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hmul(x[i], x[i]);
  // CHECK-FIXES: {{^}}  if (i < n) y[i] = __hmul(__ldg(&x[i]), __ldg(&x[i]));
}
void host(float *o, float *i, double *od, double *id, int n) {
  scale<<<4, 128>>>(o, i, 2.f, n);
  scale<<<4, 128>>>(od, id, 2.0, n);
}
