// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse --expect-exit=2
// The block's sum is also stored per block after the atomic: without the
// reduction that store would see each thread's own value.
__global__ void sum_and_partials(const float *x, float *total, float *per_block) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(total, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 1: precondition 'reduction-private' fails: 'v' is read at line [[@LINE+3]], outside the reduction{{.*}} [KL1510]
  // CHECK-MESSAGES: :[[@LINE+2]]:{{[0-9]+}}: note: read here [use]
  if ((threadIdx.x & 31) == 0)
    per_block[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = v;
}

void run(const float *x, float *t, float *p, int blocks) { sum_and_partials<<<blocks, 128>>>(x, t, p); }
