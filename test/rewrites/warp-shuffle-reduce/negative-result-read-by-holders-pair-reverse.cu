// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// Reverse of an argmin pair shuffled down: only lane 0 holds the warp's
// pair, and every lane then writes its own index -- its partial, which the
// tree would replace by the warp's total.
__global__ void warp_argmin(const int *x, int *vals, int *where) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[g], at = g;
  for (int o = 16; o > 0; o /= 2) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'result-read-by-holders' fails: 'at' is read at line 20 by threads that hold partials{{.*}} [KL1906]
  // CHECK-MESSAGES: :20:14: note: read here [use]
    const int ov = __shfl_down_sync(0xffffffffu, v, o);
    const int oa = __shfl_down_sync(0xffffffffu, at, o);
    if (ov < v || (ov == v && oa < at)) {
      v = ov;
      at = oa;
    }
  }
  if (threadIdx.x % 32 == 0)
    vals[g / 32] = v;
  where[g] = at;
}

void launch(const int *x, int *vals, int *where) { warp_argmin<<<4, 128>>>(x, vals, where); }
