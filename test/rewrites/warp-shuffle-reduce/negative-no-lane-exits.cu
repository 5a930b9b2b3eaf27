// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// Threads past the end return before the tree: the shuffles (full masks)
// and the shared stage's barrier would wait for lanes that left. A tree
// under a thread-varying branch is refused the same way.
__global__ void early_exit(const int *x, int n, int *out) {
  __shared__ int sm[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  sm[threadIdx.x] = x[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'no-lane-exits' fails: a thread may leave at line 9 before the reduction{{.*}} [KL1905]
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: a thread may leave here [exit]
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
}

__global__ void in_branch(const int *x, int *out) {
  __shared__ int sm[256];
  if (x[threadIdx.x] > 0) {
    sm[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'warp-shuffle-reduce' (forward) at site 2: precondition 'no-lane-exits' fails: whether a thread reaches the reduction depends on the thread{{.*}} [KL1905]
    // CHECK-MESSAGES: :[[@LINE-3]]:7: note: decides which threads reach it [condition]
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
      if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
      __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
  }
}

void launch(const int *x, int n, int *out) {
  early_exit<<<(n + 255) / 256, 256>>>(x, n, out);
  in_branch<<<4, 256>>>(x, out);
}
