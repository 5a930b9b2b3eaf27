// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// After the tree, a thread reads an element other than 0 (the tree's
// partial sums, which the shuffles no longer write), and, in a reduce3-
// style tree, every thread reads its register copy (a partial in all but
// thread 0).
__global__ void reads_partials(const int *x, int *out) {
  __shared__ int sm[256];
  sm[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'result-read-by-holders' fails: 'sm' is used at line 15 other than by a read of element 0{{.*}} [KL1906]
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x < 2) out[2 * blockIdx.x + threadIdx.x] = sm[threadIdx.x];
}

__global__ void reads_copy(const int *x, int *out) {
  __shared__ int sm[256];
  int mine = x[blockIdx.x * 256 + threadIdx.x];
  sm[threadIdx.x] = mine;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 2: precondition 'result-read-by-holders' fails: 'mine' is read at line 28 by threads other than the rank-0 one{{.*}} [KL1906]
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] = mine = mine + sm[threadIdx.x + s];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = mine;
}

void launch(const int *x, int *out) {
  reads_partials<<<8, 256>>>(x, out);
  reads_copy<<<8, 256>>>(x, out);
}
