// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// Reverse of a helper call: a down-shuffle helper leaves the warp's max in
// lane 0 only, and every lane then writes what it holds -- its partial,
// which a tree would replace by the warp's max.
__device__ int warp_max(int v) {
  for (int o = 16; o > 0; o /= 2)
    v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}

__global__ void partial_max(const int *x, int *out) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  int m = warp_max(x[g]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'result-read-by-holders' fails: 'm' is read at line 16 by threads that hold partials{{.*}} [KL1906]
  // CHECK-MESSAGES: :16:12: note: read here [use]
  out[g] = m;
}

void launch(const int *x, int *out) { partial_max<<<8, 128>>>(x, out); }
