// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// A float sum regrouped per block rounds differently: unknown until the
// user says the workload tolerates it (--assume=reassociate). atomicExch
// and atomicInc are no reductions at all: the last writer, or a wrap at a
// bound, decides what one atomic per block could not.
__global__ void sum(const float *x, int n, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(total, x[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'operator-associative' is unknown: atomicAdd: a sum of float summed per block first adds in another order, so it rounds differently; {{.*}}; assert it with --assume=reassociate if it is true [KL1501]
}

__global__ void last_writer(const int *x, int n, int *seen) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicExch(seen, x[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (forward) at site 2: precondition 'operator-associative' fails: atomicExch is no reduction (the last thread to write decides the value){{.*}} [KL1501]
}

__global__ void ring(unsigned *slot, unsigned size) {
  atomicInc(slot, size - 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'atomic-aggregate' (forward) at site 3: precondition 'operator-associative' fails: atomicInc is no reduction (it wraps around at its bound){{.*}} [KL1501]
}
