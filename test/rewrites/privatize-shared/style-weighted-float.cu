// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=reassociate
// REQUIRES: nvcc
// A weighted histogram of floats (sum of weights per bin): regrouping the
// float sums per block needs --assume=reassociate; the bin comes from a
// device helper that clamps.
#include <cuda_runtime.h>

__device__ __forceinline__ int bucket_of(float x, int nb) {
  int b = __float2int_rd(x * nb);
  return b < 0 ? 0 : (b >= nb ? nb - 1 : b);
}

__global__ void weighted_hist(const float *__restrict__ x, const float *__restrict__ w, int n,
                              float *__restrict__ hist) {
  int gid = threadIdx.x + blockIdx.x * blockDim.x;
  if (gid < n)
    atomicAdd(hist + bucket_of(x[gid], 32), w[gid]);
}

void weighted(const float *x, const float *w, int n, float *hist) {
  weighted_hist<<<(n + 127) / 128, 128>>>(x, w, n, hist);
}

// CHECK-FIXES: {{^}}  __shared__ float s_hist[32];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 32; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_hist[bin] = -0.0f;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}    atomicAdd(s_hist + bucket_of(x[gid], 32), w[gid]);
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 32; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_hist[bin] != -0.0f)
// CHECK-FIXES: {{^}}      atomicAdd(&hist[bin], s_hist[bin]);
