// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2 -- --option=unroll-factor=4
// `do { ... } while (0)` is a statement wrapper (usually from a macro), not a
// loop: a constant-false condition runs the body at most once, so there is
// nothing to unroll, even by a factor. The macro use starts with the `do`,
// so without this check the pragma would land above `SWAP_IF(...)`.
#define SWAP_IF(c, a, b) do { if (c) { float t_ = (a); (a) = (b); (b) = t_; } } while (0)

__global__ void sort2(float *v) {
  float x = v[2 * threadIdx.x], y = v[2 * threadIdx.x + 1];
  SWAP_IF(x > y, x, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'loop-repeats' fails: the condition '0' is always false: the do runs its body at most once{{.*}} [KL1207]
  do {
    x *= 2.f;
  } while (false);
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'loop-repeats' fails: the condition 'false' is always false{{.*}} [KL1207]
  v[2 * threadIdx.x] = x;
  v[2 * threadIdx.x + 1] = y;
}
