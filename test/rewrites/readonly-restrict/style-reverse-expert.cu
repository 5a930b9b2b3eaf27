// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=reverse
// Reverse on hand-written expert kernels: the '__restrict' spelling, pointer
// arithmetic in __ldg, a float4 load and a member of an __ldg result, and a
// gather through a loaded index. The written outputs keep their __restrict__.
__global__ void rev1(const float *__restrict in, float *__restrict out, int n) {
// CHECK-FIXES: {{^}}__global__ void rev1(const float *in, float *__restrict out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __ldg(in + i) + __ldg(&in[0]);
  // CHECK-FIXES: {{^}}  if (i < n) out[i] = *(in + i) + in[0];
}

__global__ void rev2(const float4 *__restrict__ in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void rev2(const float4 *in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float4 v = __ldg(&in[i]); out[i] = v.x + __ldg(in + i).y; }
  // CHECK-FIXES: {{^}}  if (i < n) { float4 v = in[i]; out[i] = v.x + (*(in + i)).y; }
}

__global__ void rev3(const int *__restrict__ idx, const double *__restrict__ src,
                     double *__restrict__ dst, long long n) {
// CHECK-FIXES: {{^}}__global__ void rev3(const int *idx, const double *src,
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = __ldg(&src[__ldg(&idx[i])]);
  // CHECK-FIXES: {{^}}  if (i < n) dst[i] = src[idx[i]];
}
