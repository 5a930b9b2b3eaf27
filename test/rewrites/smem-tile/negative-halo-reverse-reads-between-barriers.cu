// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse --expect-exit=2
// reads-between-barriers (halo tile): a read of the tile before the
// barrier that follows its stores sees what the block has stored so far,
// not the element: no global read stands for it.
#include <cuda_runtime.h>
__global__ void early(int n, const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE+1]]:3: error: cannot apply 'smem-tile' (reverse) at site 1: precondition 'reads-between-barriers' fails: line [[@LINE+6]] ('s[threadIdx.x]') reads 's' before the barrier after its stores, or outside their block [KL2512]
  __shared__ float s[130];
  int g = blockIdx.x * 128 + threadIdx.x + 1;
  s[threadIdx.x + 1] = in[g];
  if (threadIdx.x < 2)
    s[threadIdx.x * 129] = in[g - 1 + threadIdx.x * 128];
  float a = s[threadIdx.x];
  __syncthreads();
  out[g] = a + s[threadIdx.x + 2];
}
void run(int n, const float *in, float *out) { early<<<n / 128, 128>>>(n, in, out); }
