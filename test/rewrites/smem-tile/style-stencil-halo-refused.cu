// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Style: a 1-D stencil of radius R over taps t. The weights w[t + R] are a
// block operand; the input in[i + t] is shared by neighbouring threads only
// through the halo (its address reads threadIdx.x and the tap), which this
// pair does not stage yet. With the early return split, the threads it
// stopped would run that unstaged read: refused.
#include <cuda_runtime.h>
#define R 3
__global__ void stencil_1d(int n, const float *in, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < R || i >= n - R) return;
  float s = 0.f;
  for (int t = -R; t <= R; ++t)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'barriers-reachable' fails: line [[@LINE+1]] ('in[i + t]') in the loop is not staged and touches memory: threads the guard keeps out would run it [KL2505]
    s += w[t + R] * in[i + t];
  out[i] = s;
}
void stencil(int n, const float *in, const float *w, float *out) {
  stencil_1d<<<(n + 255) / 256, 256>>>(n, in, w, out);
}
