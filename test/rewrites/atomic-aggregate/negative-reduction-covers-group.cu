// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=reverse --expect-exit=2
// A halving tree from blockDim.x / 2 drops values unless blockDim.x is a
// power of two; launched with 384 threads, the original adds less than the
// threads' own atomics would. A warp's sum added only by the block's
// thread 0 leaves the other warps out. And a tree whose block size nothing
// states is unknown until --assume=block says it.
__global__ void tree384(const int *x, int *total) {
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  s[t] = x[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(total, s[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 1: precondition 'reduction-covers-group' fails: blockDim (384, 1, 1): a halving tree from blockDim.x / 2 drops values unless blockDim.x is a power of two; {{.*}} [KL1509]
}

__global__ void first_warp_only(const int *x, int *total) {
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x == 0)
    atomicAdd(total, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 2: precondition 'reduction-covers-group' fails: the reduction combines each warp, but the atomic is done by threadIdx.x 0, one per block{{.*}} [KL1509]
}

__global__ void tree_unknown(const int *x, int *total) {
  extern __shared__ int s[];
  unsigned t = threadIdx.x;
  s[t] = x[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(total, s[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'atomic-aggregate' (reverse) at site 3: precondition 'reduction-covers-group' is unknown: {{.*}}the kernel's launches do not say its block shape; assert it with --assume=block:tree_unknown:X if it is true [KL1509]
}

void run(const int *x, int *total, int blocks, int threads) {
  tree384<<<blocks, 384>>>(x, total);
  first_warp_only<<<blocks, 256>>>(x, total);
  tree_unknown<<<blocks, threads, threads * sizeof(int)>>>(x, total);
}
