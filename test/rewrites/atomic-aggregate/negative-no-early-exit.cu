// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// Threads past the end return before the atomic: a block reduction after
// it would wait for them forever. So would one after a loop that a thread
// leaves with `return` from its middle.
__global__ void count_matches(const int *keys, int n, int key, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (keys[i] == key)
    atomicAdd(count, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'no-early-exit' fails: some threads leave before the atomic: {{.*}} [KL1505]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: decides which threads leave [condition]
}

__global__ void sum_until_negative(const float *x, int n, int *total) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (x[i] < 0.0f)
      return;
    atomicAdd(total, (int)x[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 2: precondition 'no-early-exit' fails: {{.*}} [KL1505]
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: a thread may leave here [exit]
  }
}
