// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// A doubling tree pairs every element only in a power-of-two block: with
// 192 threads, thread 128 at stride 64 would read element 192, past the
// values stored. The shuffles would sum all 192 values: not what the tree
// computes, so the rewrite refuses.
__global__ void sum_192(const int *x, int *out) {
  extern __shared__ int sm[];
  sm[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'tree-covers-block' fails: blockDim (192, 1, 1): a doubling tree up to blockDim.x pairs values unless blockDim.x is a power of two{{.*}} [KL1904]
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (threadIdx.x % (2 * s) == 0)
      sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sm[0];
}

void sum_192_launch(const int *x, int *out, int blocks) { sum_192<<<blocks, 192, 192 * sizeof(int)>>>(x, out); }
