// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// Reverse of an online-softmax pair: the maxima are exact, but the tree
// adds the rescaled sums in another grouping than the shuffles; unknown
// without --assume=reassociate.
__global__ void warp_softmax_stats(const float *x, float *stats) {
  float m = x[blockIdx.x * blockDim.x + threadIdx.x], s = 1.0f;
  for (int o = 16; o > 0; o >>= 1) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'reassociation-allowed' is unknown: a sum of float adds in another order{{.*}} [KL1902]
    const float m2 = __shfl_down_sync(0xffffffffu, m, o), s2 = __shfl_down_sync(0xffffffffu, s, o);
    const float mx = fmaxf(m, m2);
    s = s * expf(m - mx) + s2 * expf(m2 - mx);
    m = mx;
  }
  if (threadIdx.x % 32 == 0) {
    stats[2 * ((blockIdx.x * blockDim.x + threadIdx.x) / 32)] = m;
    stats[2 * ((blockIdx.x * blockDim.x + threadIdx.x) / 32) + 1] = s;
  }
}

void launch(const float *x, float *stats) { warp_softmax_stats<<<8, 256>>>(x, stats); }
