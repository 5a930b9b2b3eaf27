// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// staged-index-stable (halo tile): `base`, which the staged element reads,
// moves after the staging; a global read at the tile's read would address
// another element.
#include <cuda_runtime.h>
__global__ void shifted(int n, const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE+1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'staged-index-stable' fails: 'base', which the staged element reads, changes before the reads (line [[@LINE+7]] ('base += 64')) [KL2513]
  __shared__ float s[66];
  int base = blockIdx.x * 64 + 1;
  s[threadIdx.x + 1] = in[base + threadIdx.x];
  if (threadIdx.x < 2)
    s[threadIdx.x * 65] = in[base - 1 + threadIdx.x * 65];
  __syncthreads();
  base += 64;
  out[base + threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 2];
}
void run(int n, const float *in, float *out) { shifted<<<n / 64, 64>>>(n, in, out); }
