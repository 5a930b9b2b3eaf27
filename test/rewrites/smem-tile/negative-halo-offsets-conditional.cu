// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// loads-in-footprint (halo region): the left neighbour is read only when
// i > 0, inside the statements that hold the reads; the staging has no
// per-element condition to restate it with, so it cannot tell which
// elements are read.
#include <cuda_runtime.h>
__global__ void diff(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
  // CHECK-MESSAGES: :[[@LINE+1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'loads-in-footprint' fails: line [[@LINE+1]] ('in[i - 1]') runs only under line [[@LINE+1]] ('i > 0'), inside the statement that holds the reads: the staging cannot tell which elements are read [KL2506]
    out[i] = in[i] - (i > 0 ? in[i - 1] : 0.f);
}
void run(int n, const float *in, float *out) { diff<<<(n + 255) / 256, 256>>>(n, in, out); }
