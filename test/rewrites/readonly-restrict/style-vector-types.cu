// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Element types: float2/float4 copies, double, int and __half loads are
// wrapped; int2/uchar4 member reads (e[i].y) are left as they are (vector
// types are loaded whole elsewhere).
#include <cuda_fp16.h>
__global__ void vtypes(const float2 *a, const float4 *b, const double *c, const int *d, const __half *h,
// CHECK-FIXES: {{^}}__global__ void vtypes(const float2 *__restrict__ a, const float4 *__restrict__ b, const double *__restrict__ c, const int *__restrict__ d, const __half *__restrict__ h,
                       const int2 *e, const uchar4 *f, float *__restrict__ out, int n) {
                       // CHECK-FIXES: {{^}}                       const int2 *__restrict__ e, const uchar4 *__restrict__ f, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float2 A = a[i];
    // CHECK-FIXES: {{^}}    float2 A = __ldg(&a[i]);
    float4 B = b[i];
    // CHECK-FIXES: {{^}}    float4 B = __ldg(&b[i]);
    out[i] = A.x + B.w + (float)c[i] + (float)d[i] + __half2float(h[i]) + e[i].y + f[i].z;
    // CHECK-FIXES: {{^}}    out[i] = A.x + B.w + (float)__ldg(&c[i]) + (float)__ldg(&d[i]) + __half2float(__ldg(&h[i])) + e[i].y + f[i].z;
  }
}
