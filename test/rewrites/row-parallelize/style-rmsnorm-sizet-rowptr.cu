// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// RMSNorm over size_t rows, a row pointer, dim3 launch with a stream.
#include <cuda_runtime.h>
#include <cstddef>

__global__ void rmsnorm_rows(const float *__restrict__ in, const float *__restrict__ gamma,
                             float *__restrict__ out, size_t n_rows, size_t hidden, float eps) {
  size_t row = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n_rows) {
    const float *src = in + row * hidden;
    float *dst = out + row * hidden;
    float acc = 0.f;
    for (size_t j = 0; j < hidden; j++) {
      float v = src[j];
      acc += v * v;
    }
    const float scale = rsqrtf(acc / (float)hidden + eps);
    for (size_t j = 0; j < hidden; j++)
      dst[j] = src[j] * scale * gamma[j];
  }
}

void rmsnorm(const float *in, const float *gamma, float *out, size_t n_rows, size_t hidden, cudaStream_t s) {
  dim3 block(128);
  dim3 grid((unsigned)((n_rows + block.x - 1) / block.x));
  rmsnorm_rows<<<grid, block, 0, s>>>(in, gamma, out, n_rows, hidden, 1e-6f);
}
// CHECK-FIXES: {{^}}  for (size_t row = blockIdx.x; row < n_rows; row += gridDim.x) {
// CHECK-FIXES: {{^}}    for (size_t j = threadIdx.x; j < hidden; j += blockDim.x) {
// CHECK-FIXES: {{^}}    __shared__ float acc_warps[32];
// CHECK-FIXES: {{^}}    acc = acc_warps[0];
// CHECK-FIXES: {{^}}    for (size_t j = threadIdx.x; j < hidden; j += blockDim.x)
// CHECK-FIXES: {{^}}  rmsnorm_rows<<<(n_rows) < 2147483647 ? (unsigned)(n_rows) : 2147483647u, 256, 0, s>>>(in, gamma, out, n_rows, hidden, 1e-6f);
