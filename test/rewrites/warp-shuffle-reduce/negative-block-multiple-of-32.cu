// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// Two trees: one launched with 48 threads (a tree from 24 covers it, but
// the last warp is partial), one whose launch is not in the file (its
// block size is unknown; --assume=block:tree_elsewhere:N would settle it).
__global__ void partial_warp(const int *x, int *out) {
  __shared__ int sm[48];
  sm[threadIdx.x] = x[blockIdx.x * 48 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'block-multiple-of-32' fails: blockDim (48, 1, 1): 48 threads leave the last warp partial [KL1903]
  __syncthreads();
  if (threadIdx.x < 24) sm[threadIdx.x] += sm[threadIdx.x + 24];
  __syncthreads();
  if (threadIdx.x < 12) sm[threadIdx.x] += sm[threadIdx.x + 12];
  __syncthreads();
  for (int s = 6; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
}

__global__ void tree_elsewhere(const int *x, int *out) {
  __shared__ int sm[256];
  sm[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 2: precondition 'block-multiple-of-32' is unknown: the kernel's launches do not say its block shape; assert it with --assume=block:tree_elsewhere:X if it is true [KL1903]
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
}

void launch(const int *x, int *out, int blocks) { partial_warp<<<blocks, 48>>>(x, out); }
