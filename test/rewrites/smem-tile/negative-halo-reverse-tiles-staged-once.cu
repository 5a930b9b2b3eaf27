// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// tiles-staged-once (halo tile): the main store is bounded by the element
// (g < n), the edge stores are not; which store filled the slot a read
// names depends on the slot, so one element condition cannot stand for the
// read.
#include <cuda_runtime.h>
__global__ void smooth(int n, const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE+1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'tiles-staged-once' fails: the store line [[@LINE+6]] ('s[0] = in[g - 1]') does not stage slot s from element C + s with the C and the element conditions of the other stores: a read cannot name its element [KL2511]
  __shared__ float s[258];
  int g = blockIdx.x * 256 + threadIdx.x + 1;
  if (g < n)
    s[threadIdx.x + 1] = in[g];
  if (threadIdx.x == 0) {
    s[0] = in[g - 1];
    s[257] = in[g + 256];
  }
  __syncthreads();
  if (g < n - 1)
    out[g] = (s[threadIdx.x] + s[threadIdx.x + 1] + s[threadIdx.x + 2]) / 3.f;
}
void run(int n, const float *in, float *out) { smooth<<<(n + 255) / 256, 256>>>(n, in, out); }
