// RUN: %check-rewrite %s %t --rewrite=register-tile --direction=forward --expect-exit=2 -- --option=tm=8 --option=tn=8
// 8 x 8 outputs of four accumulators: about 344 registers a thread, more
// than the 64 that __launch_bounds__(1024) leaves (65536 / 1024): it would
// spill.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(1024) four_sums(int n, const float *a, const float *b, float *c) {
// CHECK-MESSAGES: :[[@LINE-1]]:41: error: cannot apply 'register-tile' (forward) at site 1: precondition 'registers-fit' fails: about 344 registers a thread (the per-output arrays, the reused reads and 24 for addresses and counters), more than __launch_bounds__(1024) leaves 64 registers a thread: it would spill to local memory [KL2605]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int k = 0; k < n; ++k) {
      float p = a[row * n + k] * b[k * n + col];
      s0 += p;
      s1 += p * p;
      s2 = fmaxf(s2, p);
      s3 = fminf(s3, p);
    }
    c[row * n + col] = s0 + s1 + s2 + s3;
  }
}

void launch(int n, const float *a, const float *b, float *c) {
  dim3 block(32, 32), grid((n + 31) / 32, (n + 31) / 32);
  four_sums<<<grid, block>>>(n, a, b, c);
}
