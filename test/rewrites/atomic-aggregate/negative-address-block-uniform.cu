// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// A histogram: the bin depends on the thread's data, so threads of one
// block update different places (privatize-shared is the pair for that).
// And an address with a side effect: every thread advanced the cursor,
// one thread would.
__global__ void histogram(const unsigned char *px, int n, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[px[i]], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'address-block-uniform' fails: the address '&bins[px[i]]' is varying: {{.*}} [KL1503]
  // CHECK-MESSAGES: {{.*}}: note: differs between threads [varying]
}

__global__ void cursor(unsigned *const *lists, unsigned *counts) {
  unsigned *const *p = lists;
  atomicAdd(*p++, counts[blockIdx.x]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'atomic-aggregate' (forward) at site 2: precondition 'address-block-uniform' fails: the address '*p++' has side effects{{.*}} [KL1503]
}
