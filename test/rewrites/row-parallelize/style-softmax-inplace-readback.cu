// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Softmax with the exponentials stored on the way: the normalising pass
// reads back what the previous pass wrote.
#include <cuda_runtime.h>

__global__ void softmax_inplace(float *data, int rows, int cols) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= rows) return;
  float *p = data + tid * cols;
  float m = -3.402823466e38f;
  for (int i = 0; i < cols; i++) m = fmaxf(m, p[i]);
  float s = 0.0f;
  for (int i = 0; i < cols; i++) {
    float e = expf(p[i] - m);
    p[i] = e;
    s += e;
  }
  float inv = 1.0f / s;
  for (int i = 0; i < cols; i++) p[i] *= inv;
}

void softmax(float *data, int rows, int cols) {
  softmax_inplace<<<(rows + 511) / 512, 512>>>(data, rows, cols);
}
// CHECK-FIXES: {{^}}  for (int tid = blockIdx.x; tid < rows; tid += gridDim.x) {
// CHECK-FIXES: {{^}}  for (int i = threadIdx.x; i < cols; i += blockDim.x) m = fmaxf(m, p[i]);
// CHECK-FIXES: {{^}}  __shared__ float m_warps[32];
// CHECK-FIXES: {{^}}  m = m_warps[0];
// CHECK-FIXES: {{^}}  for (int i = threadIdx.x; i < cols; i += blockDim.x) {
// CHECK-FIXES: {{^}}  __shared__ float s_warps[32];
// CHECK-FIXES: {{^}}  s = s_warps[0];
// CHECK-FIXES: {{^}}  for (int i = threadIdx.x; i < cols; i += blockDim.x) p[i] *= inv;
// CHECK-FIXES: {{^}}  softmax_inplace<<<rows, 256>>>(data, rows, cols);
