// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=forward --expect-exit=2
// A tree of 16-bit counts: shorts do not travel by warp shuffle here (the
// builder's types are int, unsigned, long long, unsigned long long, float,
// double), so the tree stays.
__global__ void short_counts(const short *x, short *out) {
  __shared__ short cnt[256];
  unsigned t = threadIdx.x;
  cnt[t] = x[blockIdx.x * 256 + t];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'warp-shuffle-reduce' (forward) at site 1: precondition 'operator-recognised' fails: a sum tree of 'short': {{.*}} [KL1901]
  __syncthreads();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (t < s)
      cnt[t] += cnt[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = cnt[0];
}

void launch(const short *x, short *out, int blocks) { short_counts<<<blocks, 256>>>(x, out); }
