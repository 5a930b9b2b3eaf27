// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// A 32 x 12 block: a row operand fills 32 steps per load, a column operand
// 12, and 12 does not divide 32, so no tile length serves both with whole
// loads per thread.
#include <cuda_runtime.h>

__global__ void mm_32x12(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 12 + threadIdx.y;
  if (x < n && y < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'tiles-agree' fails: line [[@LINE+1]] ('a[y * n + k]') fills tiles of 32 steps with one load per thread (shared by a block row), line [[@LINE+1]] ('b[k * n + x]') of 12 (shared by a block column), which does not divide it: with a (32, 12, 1) block one loop over tiles cannot serve both [KL2504]
      s += a[y * n + k] * b[k * n + x];
    c[y * n + x] = s;
  }
}

void run(int n, const float *a, const float *b, float *c) {
  mm_32x12<<<dim3((n + 31) / 32, (n + 11) / 12), dim3(32, 12)>>>(n, a, b, c);
}
