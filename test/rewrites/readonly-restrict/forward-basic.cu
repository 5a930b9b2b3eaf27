// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Read-only kernel inputs become `const T *__restrict__` and their loads go
// through __ldg. Outputs are __restrict__ (so nothing written can alias the
// inputs); a prototype before the definition gets the same change; the
// output pointers, only written, are no sites. Styles: precomputed tid,
// grid-stride loop, 2-D indices, several kernels and arrays, host launcher.
#define WIDTH 1024

__global__ void add3(const float *a, const float *b, const double *c, float *__restrict__ out, int n);
// CHECK-FIXES: {{^}}__global__ void add3(const float *__restrict__ a, const float *__restrict__ b, const double *__restrict__ c, float *__restrict__ out, int n);

__global__ void add3(const float *a, const float *b, const double *c, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void add3(const float *__restrict__ a, const float *__restrict__ b, const double *__restrict__ c, float *__restrict__ out, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    out[tid] = a[tid] + b[tid] * (float)c[tid];
  // CHECK-FIXES: {{^}}    out[tid] = __ldg(&a[tid]) + __ldg(&b[tid]) * (float)__ldg(&c[tid]);
}

__global__ void scale_grid(int n, float s, float* src, float* __restrict__ dst) {
// CHECK-FIXES: {{^}}__global__ void scale_grid(int n, float s, const float* __restrict__ src, float* __restrict__ dst) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    dst[i] = s * *(src + i);
  // CHECK-FIXES: {{^}}    dst[i] = s * __ldg(src + i);
}

__global__ void transpose(const unsigned char *in, unsigned char *__restrict__ out, int rows) {
// CHECK-FIXES: {{^}}__global__ void transpose(const unsigned char *__restrict__ in, unsigned char *__restrict__ out, int rows) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < WIDTH && y < rows)
    out[x * rows + y] = in[y * WIDTH + x];
  // CHECK-FIXES: {{^}}    out[x * rows + y] = __ldg(&in[y * WIDTH + x]);
}

void launch(const float *a, const float *b, const double *c, float *out, float *tmp, int n) {
  add3<<<(n + 255) / 256, 256>>>(a, b, c, out, n);
  scale_grid<<<120, 256>>>(n, 2.f, out, tmp);
  transpose<<<dim3(WIDTH / 16, n / 16), dim3(16, 16)>>>((const unsigned char *)a, (unsigned char *)tmp, n);
}
