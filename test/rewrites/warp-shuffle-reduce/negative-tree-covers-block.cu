// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// Trees that do not combine the whole block as launched: a tree from 64
// in a block of 256 (it leaves out threads 128..255, the shuffles would
// not), a tree from blockDim.x / 2 in a block of 96 (no power of two),
// and a one-dimensional tree in a 32x4 block.
__global__ void short_tree(const int *x, int *out) {
  __shared__ int sm[256];
  sm[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'tree-covers-block' fails: blockDim (256, 1, 1): the tree is written for 128 threads{{.*}} [KL1904]
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
}

__global__ void odd_block(const int *x, int *out) {
  __shared__ int sm[96];
  sm[threadIdx.x] = x[blockIdx.x * 96 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 2: precondition 'tree-covers-block' fails: blockDim (96, 1, 1): a tree from blockDim.x / 2 drops values{{.*}} [KL1904]
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
}

__global__ void two_d(const int *x, int *out) {
  __shared__ int sm[128];
  sm[threadIdx.x] = x[blockIdx.x * 128 + threadIdx.y * 32 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 3: precondition 'tree-covers-block' fails: blockDim (32, 4, 1): the tree's rank misses a dimension of the block{{.*}} [KL1904]
  __syncthreads();
  for (int s = 16; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0 && threadIdx.y == 0) out[blockIdx.x] = sm[0];
}

void launch(const int *x, int *out, int blocks) {
  short_tree<<<blocks, 256>>>(x, out);
  odd_block<<<blocks, 96>>>(x, out);
  two_d<<<blocks, dim3(32, 4)>>>(x, out);
}
