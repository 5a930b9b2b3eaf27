// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// A float sum: the shuffles add in another order than the tree, so the
// result rounds differently. Unknown without the workload's tolerance;
// --assume=reassociate settles it (forward-basic.cu).
__global__ void sums(const float *x, float *out) {
  __shared__ float s_data[128];
  s_data[threadIdx.x] = x[blockIdx.x * 128 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'reassociation-allowed' is unknown: a sum of float adds in another order{{.*}}--assume=reassociate{{.*}} [KL1902]
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      s_data[threadIdx.x] += s_data[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s_data[0];
}

void launch(const float *x, float *out, int blocks) { sums<<<blocks, 128>>>(x, out); }
