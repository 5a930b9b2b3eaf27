// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse --expect-exit=2
// Reverse regroups a float sum too (each thread's atomic instead of the
// block's sum): unknown without --assume=reassociate.
__global__ void warp_sums(const float *x, int n, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    atomicAdd(total, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 1: precondition 'operator-associative' is unknown: {{.*}}; assert it with --assume=reassociate if it is true [KL1501]
}

void run(const float *x, int n, float *total) { warp_sums<<<(n + 127) / 128, 128>>>(x, n, total); }
