// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// Stencils: shared-memory staging with a halo and const int bounds, and a 1-D
// convolution with a constexpr radius, a clamp helper and #pragma unroll. The
// weights 'w' may alias the unrestricted output 'y': refused, with the
// assumption that settles it.
#define BLOCK 16
__global__ void stencil2d(const float *u, float *__restrict__ v, const int nx, const int ny) {
// CHECK-FIXES: {{^}}__global__ void stencil2d(const float *__restrict__ u, float *__restrict__ v, const int nx, const int ny) {
  __shared__ float tile[BLOCK + 2][BLOCK + 2];
  const int gx = blockIdx.x * BLOCK + threadIdx.x;
  const int gy = blockIdx.y * BLOCK + threadIdx.y;
  if (gx >= nx || gy >= ny) return;
  tile[threadIdx.y + 1][threadIdx.x + 1] = u[gy * nx + gx];
  // CHECK-FIXES: {{^}}  tile[threadIdx.y + 1][threadIdx.x + 1] = __ldg(&u[gy * nx + gx]);
  if (threadIdx.x == 0 && gx > 0) tile[threadIdx.y + 1][0] = u[gy * nx + gx - 1];
  // CHECK-FIXES: {{^}}  if (threadIdx.x == 0 && gx > 0) tile[threadIdx.y + 1][0] = __ldg(&u[gy * nx + gx - 1]);
  __syncthreads();
  v[gy * nx + gx] = tile[threadIdx.y + 1][threadIdx.x + 1] - tile[threadIdx.y + 1][threadIdx.x];
}
// conv1d with constexpr radius, clamp index helper, early continue
constexpr int R = 3;
__device__ inline int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
__global__ void conv1d(const float *__restrict__ x, const float *w, float *y, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:66: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'no-alias-with-written' is unknown: {{.*}}[KL1302]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.f;
#pragma unroll
  for (int k = -R; k <= R; ++k) {
    int j = clampi(i + k, 0, n - 1);
    acc += w[k + R] * x[j];
    // CHECK-FIXES: {{^}}    acc += w[k + R] * __ldg(&x[j]);
  }
  y[i] = acc;
}
