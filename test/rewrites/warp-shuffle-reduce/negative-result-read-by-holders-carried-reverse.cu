// RUN: %check-rewrite %s %t --rewrite=warp-shuffle-reduce --direction=reverse --expect-exit=2
// The accumulator is not reset between rounds: the next row's `acc +=`
// reads what the shuffles left in each lane (a running prefix of partials),
// which the tree would replace by the total. Compare
// reverse-reset-each-round.cu, where `acc = 0` starts every round.
__global__ void running_sums(const int *x, int *out, int rows, int cols) {
  const int lane = threadIdx.x % 32;
  int acc = 0;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    for (int c = lane; c < cols; c += 32)
      acc += x[r * cols + c];
    for (int o = 16; o > 0; o /= 2)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'warp-shuffle-reduce' (reverse) at site 1: precondition 'result-read-by-holders' fails: 'acc' is read at line 11 by threads that hold partials{{.*}} [KL1906]
    // CHECK-MESSAGES: :11:7: note: read here [use]
      acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (lane == 0)
      out[r] = acc;
  }
}

void launch(const int *x, int *out, int rows, int cols) { running_sums<<<64, 32>>>(x, out, rows, cols); }
