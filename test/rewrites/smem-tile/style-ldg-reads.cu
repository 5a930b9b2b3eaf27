// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// Reads through the read-only cache, `__ldg(&G[g])` (what readonly-restrict
// writes, and a common hand style), are reads of G[g]: they are staged as
// any other, and the tile's element replaces the whole call (a cache-hinted
// load of a shared address would be wrong). A matrix product with 2-D
// tiles, and a 1-D stencil whose taps go to a halo tile.
#include <cuda_runtime.h>
#define R 2

__global__ void mm_ldg(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B, float *C) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= M || c >= N)
    return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc += __ldg(&A[r * K + k]) * __ldg(&(B[k * N + c]));
  C[r * N + c] = acc;
}

__global__ void blur_ldg(int n, const float *__restrict__ x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= R && i < n - R) {
    float s = 0.f;
    for (int t = -R; t <= R; ++t)
      s += __ldg(&x[i + t]);
    y[i] = s / (2 * R + 1);
  }
}

void run(int M, int N, int K, const float *A, const float *B, float *C, const float *x, float *y) {
  mm_ldg<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(M, N, K, A, B, C);
  blur_ldg<<<(N + 127) / 128, 128>>>(N, x, y);
}
// CHECK-FIXES: {{^}}  __shared__ float A_tile[16][16];
// CHECK-FIXES-NEXT: {{^}}  __shared__ float B_tile[16][16];
// CHECK-FIXES: {{^}}      A_tile[threadIdx.y][threadIdx.x] = __ldg(&A[r * K + k0 + threadIdx.x]);
// CHECK-FIXES: {{^}}      B_tile[threadIdx.y][threadIdx.x] = __ldg(&(B[(k0 + threadIdx.y) * N + c]));
// CHECK-FIXES: {{^}}        acc += A_tile[threadIdx.y][k - k0] * B_tile[k - k0][threadIdx.x];
// CHECK-FIXES: {{^}}  __shared__ float x_tile[132];
// CHECK-FIXES: {{^}}      x_tile[halo_x] = x[(blockIdx.x * blockDim.x + halo_x) + (-2)];
// CHECK-FIXES: {{^}}    s += x_tile[threadIdx.x + t + 2];
