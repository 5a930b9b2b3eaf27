// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse --expect-exit=2
// Thread 0 adds a value that no reduction of the block computed: there is
// no per-thread value to give back to each thread. And a max reduction in
// front of an atomicAdd: the operators differ. (The first kernel, where
// thread 0 sums the block's slice serially inside its branch, has no
// leader's atomic after a reduction at all: no site.)
__global__ void serial_block_sum(const float *x, int n, float *total) {
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x; i < n && i < (blockIdx.x + 1) * blockDim.x; ++i)
      s += x[i];
    atomicAdd(total, s);
  }
}

__global__ void partial(const int *x, int *total) {
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  int twice = 2 * v;
  if (threadIdx.x == 0)
    atomicAdd(total, twice);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 1: precondition 'reduction-recognised' fails: before the leader's atomic: {{.*}} [KL1508]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the atomic of threadIdx.x 0 [leader]
}

__global__ void mismatched(const int *x, int *total) {
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  if (threadIdx.x % 32 == 0)
    atomicAdd(total, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 2: precondition 'reduction-recognised' fails: the reduction computes a max, but 'atomicAdd' applies a sum [KL1508]
}

void run(const float *x, int n, float *t, const int *xi, int *ti) {
  serial_block_sum<<<n / 256, 256>>>(x, n, t);
  partial<<<n / 256, 256>>>(xi, ti);
  mismatched<<<n / 256, 256>>>(xi, ti);
}
