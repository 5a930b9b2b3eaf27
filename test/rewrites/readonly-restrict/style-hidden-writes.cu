// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// Writes that must refuse: through a __device__ helper, through a C-style
// cast to int *, and through const_cast of a pointer that is already const.
__device__ void zero(float *p, int i) { p[i] = 0.f; }
__global__ void k_helper_write(float *a, const float *__restrict__ b, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:39: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'never-written' fails: {{.*}}[KL1301]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float t = a[i] + b[i]; zero(a, i); (void)t; }
  // CHECK-FIXES: {{^}}  if (i < n) { float t = a[i] + __ldg(&b[i]); zero(a, i); (void)t; }
}
__global__ void k_cast_write(float *a, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:37: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'never-written' fails: {{.*}}[KL1301]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  if (i < n) ((int *)a)[i] = (int)v;
}
__global__ void k_constcast_write(const float *a, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:48: error: cannot apply 'readonly-restrict' (forward) at site 4: precondition 'never-written' fails: {{.*}}[KL1301]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  if (i < n) const_cast<float *>(a)[i] = v * 2;
}
