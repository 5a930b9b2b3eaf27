// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// loads-in-footprint (halo): a tap is read only where a mask in memory says
// so; the staging cannot restate that condition for an element (it reads
// memory), so it cannot tell which halo elements the nest reads.
#include <cuda_runtime.h>
__global__ void masked(int n, const float *in, const int *mask, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int t = 0; t < 4; ++t)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'loads-in-footprint' fails: line [[@LINE+1]] ('in[i + t]'): it runs under line [[@LINE+1]] ('mask[t] != 0'), which reads memory: the staging cannot tell which elements are read [KL2506]
    s += mask[t] != 0 ? in[i + t] : 0.f;
  out[i] = s;
}
void run(int n, const float *in, const int *mask, float *out) { masked<<<n / 128, 128>>>(n, in, mask, out); }
