// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// References: a const reference to an element is a read, a non-const one is
// a write (refw is refused at the reference, its first write); a ternary and
// intrinsic arguments are wrapped; a compound assignment reads the restrict
// input.
__global__ void refs(float *a, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void refs(const float *__restrict__ a, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float &r = a[i];
  out[i] = fmaxf(r, 0.f) + (i > 0 ? a[i - 1] : 0.f) + __float2int_rn(a[i]);
  // CHECK-FIXES: {{^}}  out[i] = fmaxf(r, 0.f) + (i > 0 ? __ldg(&a[i - 1]) : 0.f) + __float2int_rn(__ldg(&a[i]));
}
__global__ void refw(float *a, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:29: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'never-written' fails: {{.*}}[KL1301]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float &r = a[i];
  r = r * 2.f;
  if (i == 0) a[n] = a[1];
}
__global__ void cw(float *a, const float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i];
  // CHECK-FIXES: {{^}}  if (i < n) a[i] += __ldg(&b[i]);
}
