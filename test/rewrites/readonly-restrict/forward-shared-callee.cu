// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// Two kernels pass their inputs to the same read-only helper, whose parameter
// must become `const float *` for either rewrite to compile. The edit is
// shared: both sites make the identical edit, and the engine applies it once
// (never `const const`). The helper's own site is refused: it is not a kernel.
__device__ float first(float *p) { return p[0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:31: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'global-kernel' fails{{.*}} [KL1305]
// CHECK-FIXES: {{^}}__device__ float first(const float *p) { return p[0]; }

__global__ void ka(float *a, float *__restrict__ out) { out[0] = first(a); }
// CHECK-FIXES: {{^}}__global__ void ka(const float *__restrict__ a, float *__restrict__ out) { out[0] = first(a); }

__global__ void kb(float *b, float *__restrict__ out) { out[1] = first(b) + b[1]; }
// CHECK-FIXES: {{^}}__global__ void kb(const float *__restrict__ b, float *__restrict__ out) { out[1] = first(b) + __ldg(&b[1]); }
