// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2 -- --site=1
// A copy loop (register-tile's shape) whose counter does not step by the
// block's rows: copies at row + 2 * i overlap the next threads' rows, and no
// tile of copies x 16 rows holds them. (Only the k loop is asked: the copy
// loop is a loop of its own, a site of its own.)
#include <cuda_runtime.h>

// A copy loop whose counter does not step by the block's rows: copies of
// row + 2 * i overlap the next thread's rows, no tile of copies x 16 rows holds them.
__global__ void copy_overlaps(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 64 + threadIdx.y;
  float s[4] = {0, 0, 0, 0};
  for (int k = 0; k < n; ++k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'reused-reads-affine' fails: no read the threads of a block share: line [[@LINE+3]] ('a[(y + 2 * i) * n + k]'): it reads the copy counter 'i' other than as the thread's row plus the copy times the block's extent [KL2502]
    #pragma unroll
    for (int i = 0; i < 4; ++i)
      s[i] += a[(y + 2 * i) * n + k];
  }
  for (int i = 0; i < 4; ++i)
    c[(y + 16 * i) * n + x] = s[i];
}

void launch_copies(int n, const float *a, const float *b, float *c) {
  copy_overlaps<<<dim3(n / 16, n / 64), dim3(16, 16)>>>(n, a, b, c);
}
