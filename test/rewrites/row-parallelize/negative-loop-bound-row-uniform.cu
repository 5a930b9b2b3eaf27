// RUN: %check-rewrite %s %t --rewrite=row-parallelize --direction=forward --expect-exit=2
// The column loop stops at the first zero: how many columns it walks is
// known only as it goes, so they cannot be dealt out to threads in advance.
__global__ void first_zero(const int *x, int *pos, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'row-parallelize' (forward) at site 1: precondition 'loop-bound-row-uniform' fails: the loop may stop early or skip its step{{.*}} [KL1803]
  if (r < rows) {
    int c = 0;
    for (; c < cols; ++c)
      if (x[r * cols + c] == 0)
        break;
    pos[r] = c;
  }
}
