// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// loop-counted (halo): the tap loop's bounds are run-time values, so the
// halo tile's extent (blockDim.x + 2r) is not known when it is declared.
#include <cuda_runtime.h>
__global__ void stencil_r(int n, int r, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int t = -r; t <= r; ++t)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'loop-counted' fails: the bounds of the tap loop 't' are not constants ('-r'): the halo tile's extent must be [KL2501]
    s += in[i + t + r];
  if (i < n)
    out[i] = s;
}
void stencil(int n, int r, const float *in, float *out) { stencil_r<<<(n + 127) / 128, 128>>>(n, r, in, out); }
