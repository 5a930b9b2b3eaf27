// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward --expect-exit=2
// The atomic is in a __device__ helper: which threads of a block call it
// (and from where) is its callers' business, so a block reduction inside it
// could wait for threads that never come. The same in a lambda.
__device__ void accumulate(float *sum, float v) {
  atomicAdd(sum, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'atomic-aggregate' (forward) at site 1: precondition 'block-converged' fails: the atomic is in __device__ function 'accumulate': {{.*}} [KL1504]
  // CHECK-MESSAGES: :[[@LINE-3]]:17: note: declared here [declaration]
}

__global__ void count(const int *v, int n, int *hits) {
  auto hit = [=] __device__(int x) { atomicAdd(hits, x > 0 ? 1 : 0); };
  // CHECK-MESSAGES: :[[@LINE-1]]:38: error: cannot apply 'atomic-aggregate' (forward) at site 2: precondition 'block-converged' fails: the atomic is in a lambda: {{.*}} [KL1504]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: {{.*}} [declaration]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    hit(v[i]);
}

__global__ void sum(const float *x, int n, float *s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    accumulate(s, x[i]);
}
