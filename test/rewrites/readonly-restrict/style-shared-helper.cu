// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// A read-only __device__ helper used by two kernels, once with the same
// pointer for both of its parameters: each parameter gains const once; the
// helper itself is no kernel (global-kernel).
__device__ float dot3(float *a, float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
// CHECK-MESSAGES: :[[@LINE-1]]:30: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'global-kernel' fails: {{.*}}[KL1305]
// CHECK-MESSAGES: :[[@LINE-2]]:40: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'global-kernel' fails: {{.*}}[KL1305]
// CHECK-FIXES: {{^}}__device__ float dot3(const float *a, const float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
__global__ void dots(float *A, float *B, float *__restrict__ C, int n) {
// CHECK-FIXES: {{^}}__global__ void dots(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i] = dot3(A + 3 * i, B + 3 * i);
}
__global__ void norms(float *A, float *__restrict__ C, int n) {
// CHECK-FIXES: {{^}}__global__ void norms(const float *__restrict__ A, float *__restrict__ C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i] = sqrtf(dot3(A + 3 * i, A + 3 * i));
}
