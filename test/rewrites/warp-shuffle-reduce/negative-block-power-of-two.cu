// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// A block reduction launched with 96 threads (a halving tree of 96
// elements would drop values), one whose shared stage reads 4 warp
// partials of a 256-thread block's 8, and one whose launch is not seen.
__device__ int partial_of(const int *p) { return p[0]; }

__global__ void three_warps(const int *x, int *out) {
  __shared__ int w[32];
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'block-power-of-two' fails: blockDim (96, 1, 1): 96 threads are no power of two{{.*}} [KL1907]
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0) w[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x + 31) / 32 ? w[threadIdx.x] : 0;
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffffu, v, o);
  }
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

__global__ void half_the_warps(const int *x, int *out) {
  __shared__ int w[32];
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 2: precondition 'block-power-of-two' fails: blockDim (256, 1, 1): the shared stage reads 4 warp partials of 8 [KL1907]
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0) w[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < 4 ? w[threadIdx.x] : 0;
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffffu, v, o);
  }
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

__global__ void unseen(const int *x, int *out) {
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 3: precondition 'block-power-of-two' is unknown: {{.*}}--assume=block:unseen:X{{.*}} [KL1907]
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

void launch(const int *x, int *out) {
  three_warps<<<4, 96>>>(x, out);
  half_the_warps<<<4, 256>>>(x, out);
}
