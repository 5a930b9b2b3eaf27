// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A typedef'd element type (real_t), a using-alias index type, and
// __nv_bfloat16 with cuda_bf16.h.
#include <cuda_bf16.h>
typedef float real_t;
using idx_t = int;
__global__ void td(const real_t *a, real_t *__restrict__ b, idx_t n) {
// CHECK-FIXES: {{^}}__global__ void td(const real_t *__restrict__ a, real_t *__restrict__ b, idx_t n) {
  idx_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i];
  // CHECK-FIXES: {{^}}  if (i < n) b[i] = __ldg(&a[i]);
}
__global__ void bf(const __nv_bfloat16 *a, float *__restrict__ b, int n) {
// CHECK-FIXES: {{^}}__global__ void bf(const __nv_bfloat16 *__restrict__ a, float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = __bfloat162float(a[i]);
  // CHECK-FIXES: {{^}}  if (i < n) b[i] = __bfloat162float(__ldg(&a[i]));
}
