// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// source-not-written (halo): the nest stores into global memory on every
// tap; a tile staged before it would not see those stores if `out` and `in`
// are the same buffer.
#include <cuda_runtime.h>
__global__ void accumulate(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 2;
  for (int t = -2; t <= 2; ++t)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'source-not-written' fails: line [[@LINE+1]] ('out[i]') writes memory (or calls code that may) inside the loop: a tile staged at the start of its steps could miss it [KL2503]
    out[i] += in[i + t];
}
void run(int n, const float *in, float *out) { accumulate<<<(n - 4) / 256, 256>>>(n, in, out); }
