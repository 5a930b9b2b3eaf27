// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:output
// REQUIRES: nvcc
// A kernel template over the bin count and the sample type; the bin is a
// clamped float-to-int conversion (values outside [lo, hi) go to the edge
// bins).
#include <cuda_runtime.h>

template <int NBINS, typename scalar_t>
__global__ void histc_kernel(const scalar_t *input, int64_t numel, float lo, float hi, int *output) {
  int64_t linear = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (linear >= numel)
    return;
  float v = (float)input[linear];
  int b = (int)((v - lo) * NBINS / (hi - lo));
  b = min(max(b, 0), NBINS - 1);
  atomicAdd(&output[b], 1);
}

void histc(const float *in, int64_t n, float lo, float hi, int *out) {
  const int threads = 512;
  histc_kernel<100, float><<<(unsigned)((n + threads - 1) / threads), threads>>>(in, n, lo, hi, out);
}

// CHECK-FIXES: {{^}}  __shared__ int s_output[NBINS];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < NBINS; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_output[bin] = 0;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  if (linear < numel) {
// CHECK-FIXES: {{^}}    float v = (float)input[linear];
// CHECK-FIXES: {{^}}    int b = (int)((v - lo) * NBINS / (hi - lo));
// CHECK-FIXES: {{^}}    b = min(max(b, 0), NBINS - 1);
// CHECK-FIXES: {{^}}    atomicAdd(&s_output[b], 1);
// CHECK-FIXES: {{^}}  }
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < NBINS; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_output[bin] != 0)
// CHECK-FIXES: {{^}}      atomicAdd(&output[bin], s_output[bin]);
