// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// Helpers in a namespace: a template helper that deduces const T itself, a
// non-template helper whose parameter gains const, and a kernel template with
// two explicit instantiations whose output is not __restrict__ (refused).
namespace ops {
template <typename T>
__device__ __forceinline__ T load_at(const T *base, int i) { return base[i]; }
// CHECK-MESSAGES: :[[@LINE-1]]:47: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'global-kernel' fails: {{.*}}[KL1305]

__device__ float sum3(float *v, int i) { return v[i - 1] + v[i] + v[i + 1]; }
// CHECK-MESSAGES: :[[@LINE-1]]:30: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'global-kernel' fails: {{.*}}[KL1305]
// CHECK-FIXES: {{^}}__device__ float sum3(const float *v, int i) { return v[i - 1] + v[i] + v[i + 1]; }
}

template <typename T>
__global__ void copy_kernel(T *dst, T *src, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'no-alias-with-written' is unknown: {{.*}}[KL1302]
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n) dst[tid] = ops::load_at(src, tid);
}
template __global__ void copy_kernel<float>(float *, float *, int);
template __global__ void copy_kernel<double>(double *, double *, int);

__global__ void blur(float *in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void blur(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) out[i] = ops::sum3(in, i) / 3.f;
}
