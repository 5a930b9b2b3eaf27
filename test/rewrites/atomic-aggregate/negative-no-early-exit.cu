// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// A thread that leaves before the atomic other than by a top-level guard
// `if (...) return;` (which the forward rewrites into a condition around
// the rest: style-early-return-guards.cu): a block reduction after the
// atomic would wait for it forever. Here a return from the middle of a loop,
// and a guard in a kernel with two atomics (each would rewrite the guard).
__global__ void sum_until_negative(const float *x, int n, int *total) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (x[i] < 0.0f)
      return;
    atomicAdd(total, (int)x[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'no-early-exit' fails: {{.*}} [KL1505]
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: a thread may leave here [exit]
  }
}

__global__ void count_both(const int *keys, int n, int key, int *hits, int *misses) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (keys[i] == key)
    atomicAdd(hits, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 2: precondition 'no-early-exit' fails: some threads leave before the atomic: {{.*}} [KL1505]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: decides which threads leave [condition]
  else
    atomicAdd(misses, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 3: precondition 'no-early-exit' fails: some threads leave before the atomic: {{.*}} [KL1505]
  // CHECK-MESSAGES: :[[@LINE-9]]:7: note: decides which threads leave [condition]
}
