// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward -- --assume=reassociate
// Softmax in three passes with unsigned indices: max, sum of exponentials, scale.
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmax3(const float *logits, float *probs, unsigned batch, unsigned classes) {
  unsigned b = threadIdx.x + blockIdx.x * blockDim.x;
  if (b >= batch) return;
  const float *in = logits + b * classes;
  float mx = -INFINITY;
  for (unsigned k = 0; k < classes; ++k)
    mx = fmaxf(mx, in[k]);
  float denom = 0.0f;
  for (unsigned k = 0; k < classes; ++k)
    denom += __expf(in[k] - mx);
  for (unsigned k = 0; k < classes; ++k)
    probs[b * classes + k] = __expf(in[k] - mx) / denom;
}

void run_softmax(const float *logits, float *probs, unsigned batch, unsigned classes) {
  const int threads = 256;
  softmax3<<<(batch + threads - 1) / threads, threads>>>(logits, probs, batch, classes);
}
// CHECK-FIXES: {{^}}  for (unsigned int b = blockIdx.x; b < batch; b += gridDim.x) {
// CHECK-FIXES: {{^}}  for (unsigned k = threadIdx.x; k < classes; k += blockDim.x)
// CHECK-FIXES: {{^}}  __shared__ float mx_warps[32];
// CHECK-FIXES: {{^}}  mx = mx_warps[0];
// CHECK-FIXES: {{^}}  for (unsigned k = threadIdx.x; k < classes; k += blockDim.x)
// CHECK-FIXES: {{^}}  __shared__ float denom_warps[32];
// CHECK-FIXES: {{^}}  denom = denom_warps[0];
// CHECK-FIXES: {{^}}  for (unsigned k = threadIdx.x; k < classes; k += blockDim.x)
// CHECK-FIXES: {{^}}  softmax3<<<(batch) < 2147483647 ? (unsigned)(batch) : 2147483647u, 256>>>(logits, probs, batch, classes);
