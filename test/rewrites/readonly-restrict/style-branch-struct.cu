// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A pointer read in one branch only (a lookup table), and pointers carried in
// a struct parameter (no pointer parameter: not a site).
struct Bufs { const float *in; float *out; int n; };
__global__ void via_struct(Bufs b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < b.n) b.out[i] = b.in[i] * 2;
}
__global__ void branchy(const float *lut, float *__restrict__ out, int mode, int n) {
// CHECK-FIXES: {{^}}__global__ void branchy(const float *__restrict__ lut, float *__restrict__ out, int mode, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (mode == 1) out[i] = lut[i & 255];
  // CHECK-FIXES: {{^}}  if (mode == 1) out[i] = __ldg(&lut[i & 255]);
  else out[i] = (float)i;
}
