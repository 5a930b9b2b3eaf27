// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// Threads past the end leave before the warp reduction: the warp's tree
// would wait at __syncwarp() for lanes that are gone.
__global__ void warp_max(const int *x, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int m = x[i];
  for (int o = 16; o > 0; o >>= 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'no-lane-exits' fails: a thread may leave at line 6 before the reduction{{.*}} [KL1905]
  // CHECK-MESSAGES: :[[@LINE-4]]:15: note: a thread may leave here [exit]
    m = max(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (threadIdx.x % 32 == 0) out[i / 32] = m;
}

void launch(const int *x, int n, int *out) { warp_max<<<(n + 127) / 128, 128>>>(x, n, out); }
