// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// Stream compaction: each thread needs the old value atomicAdd returns
// (its own slot). After aggregation only one thread of the block would get
// an old value, and not its own.
__global__ void compact(const int *in, int n, int *out, int *out_count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) {
    int slot = atomicAdd(out_count, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'result-unused' fails: the old value the atomic returns is used to initialise 'slot': {{.*}} [KL1502]
    // CHECK-MESSAGES: :[[@LINE-2]]:9: note: 'slot' is initialised with it [use]
    out[slot] = in[i];
  }
}
