// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// After a down-shuffle reduction only lane 0 holds the warp's sum; the
// other lanes hold partial sums, which this kernel writes out. The tree
// would give them the total instead.
__global__ void prefixish(const int *x, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
  for (int o = 16; o > 0; o >>= 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'result-read-by-holders' fails: 'v' is read at line 11 by threads that hold partials{{.*}} [KL1906]
    v += __shfl_down_sync(0xffffffffu, v, o);
  out[i] = v;
}

void launch(const int *x, int *out) { prefixish<<<8, 256>>>(x, out); }
