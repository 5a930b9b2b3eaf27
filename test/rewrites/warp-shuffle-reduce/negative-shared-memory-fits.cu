// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// The kernel already uses 46 KiB of static shared memory: the tree's 1024
// doubles (8 KiB) would not fit the 48 KiB static limit.
__global__ void big_tile(const double *x, double *out) {
  __shared__ double tile[46 * 128];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  double v = tile[(threadIdx.x * 7) % 1024];
  for (int o = 16; o > 0; o >>= 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'shared-memory-fits' fails: 47104 + 8192 bytes of static shared memory{{.*}} [KL1507]
    v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (threadIdx.x % 32 == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

void launch(const double *x, double *out) { big_tile<<<8, 1024>>>(x, out); }
