// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=reverse --expect-exit=2
// No guard on blockIdx.x, and the launch's grid (m / 2) is no parameter of
// the kernel: how many rows there are -- the bound a thread per row needs --
// is not known (the kernel computes the first m / 2 rows of m).
#include <cuda_runtime.h>

__global__ void row_sums(const int *x, int *out, int m, int n) {
  int s = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (reverse) at site 1: precondition 'block-per-row' fails: no row index: neither a loop `for (r = blockIdx.x; r < ROWS;{{.*}}no parameter of the kernel is every launch{{.*}} [KL1808]
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += x[blockIdx.x * n + i];
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

void launch(const int *x, int *out, int m, int n) { row_sums<<<m / 2, 32>>>(x, out, m, n); }
