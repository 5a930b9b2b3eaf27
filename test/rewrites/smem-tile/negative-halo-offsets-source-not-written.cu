// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// source-not-written (halo region): the region stores into `scratch`
// between its reads of `in`; if the two are one buffer, a tile staged
// before the region would miss that store.
#include <cuda_runtime.h>
__global__ void smooth(int n, const float *in, float *scratch, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 1 && i < n - 1) {
  // CHECK-MESSAGES: :[[@LINE+1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'source-not-written' fails: line [[@LINE+1]] ('scratch[i]') writes memory (or calls code that may) before the last read the tile replaces: a tile staged before the statements could miss it [KL2503]
    scratch[i] = in[i - 1];
    out[i] = scratch[i] + in[i + 1];
  }
}
void run(int n, const float *in, float *s, float *out) { smooth<<<(n + 255) / 256, 256>>>(n, in, s, out); }
