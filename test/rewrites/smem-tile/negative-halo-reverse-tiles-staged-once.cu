// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// tiles-staged-once (halo tile): the main store is guarded by the element's
// bound, not by which thread stores: a global read at the tile's read
// would need that bound too, which a thread-slot store does not restate.
#include <cuda_runtime.h>
__global__ void smooth(int n, const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE+1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'tiles-staged-once' fails: the store line [[@LINE+4]] ('s[threadIdx.x + 1] = in[g]') runs under line [[@LINE+3]] ('g < n'), which is about more than which thread of the block stores [KL2511]
  __shared__ float s[258];
  int g = blockIdx.x * 256 + threadIdx.x;
  if (g < n)
    s[threadIdx.x + 1] = in[g];
  if (threadIdx.x == 0) {
    s[0] = g > 0 ? in[g - 1] : 0.f;
    s[257] = in[g + 256];
  }
  __syncthreads();
  if (g < n)
    out[g] = (s[threadIdx.x] + s[threadIdx.x + 1] + s[threadIdx.x + 2]) / 3.f;
}
void run(int n, const float *in, float *out) { smooth<<<(n + 255) / 256, 256>>>(n, in, out); }
