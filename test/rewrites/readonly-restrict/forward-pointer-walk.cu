// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Pointer-walking loops: a cursor declared in the for-init and bumped in the
// increment (`++q` whose value is discarded), the parameter itself advanced
// (`*in++`, `data += offset`), and a strided cursor. The cursors gain const
// where they spell a non-const pointee.
__global__ void walk(const short *p, int *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void walk(const short *__restrict__ p, int *__restrict__ out, int n) {
  const short *end = p + n;
  int acc = 0;
  for (const short *q = p; q != end; ++q) acc += *q;
  // CHECK-FIXES: {{^}}  for (const short *q = p; q != end; ++q) acc += __ldg(q);
  out[0] = acc;
}

__global__ void serial_sum(const float *in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void serial_sum(const float *__restrict__ in, float *__restrict__ out, int n) {
  float s = 0;
  while (n--) s += *in++;
  // CHECK-FIXES: {{^}}  while (n--) s += __ldg(in++);
  *out = s;
}

__global__ void strided(float *in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void strided(const float *__restrict__ in, float *__restrict__ out, int n) {
  float s = 0;
  for (float *q = in + threadIdx.x; q < in + n; q += blockDim.x) s += q[0];
  // CHECK-FIXES: {{^}}  for (const float *q = in + threadIdx.x; q < in + n; q += blockDim.x) s += __ldg(&q[0]);
  out[threadIdx.x] = s;
}

__global__ void batched(const double *data, double *__restrict__ sums, int len) {
// CHECK-FIXES: {{^}}__global__ void batched(const double *__restrict__ data, double *__restrict__ sums, int len) {
  data += (size_t)blockIdx.x * len;
  double s = 0;
  for (int i = threadIdx.x; i < len; i += blockDim.x) s += data[i];
  // CHECK-FIXES: {{^}}  for (int i = threadIdx.x; i < len; i += blockDim.x) s += __ldg(&data[i]);
  atomicAdd(&sums[blockIdx.x], s);
}
