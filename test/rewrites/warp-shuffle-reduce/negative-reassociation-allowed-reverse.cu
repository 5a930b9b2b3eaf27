// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// Reverse of a float warp sum: the tree adds in another order than the
// shuffles; unknown without --assume=reassociate.
__global__ void warp_sums(const float *x, float *out) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'reassociation-allowed' is unknown: a sum of float adds in another order{{.*}} [KL1902]
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

void launch(const float *x, float *out) { warp_sums<<<8, 256>>>(x, out); }
