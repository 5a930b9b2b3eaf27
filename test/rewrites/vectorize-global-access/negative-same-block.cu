// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16
// same-block: the lanes must all execute together, in statements of one
// block. In `k1` they are in different branches (even and odd lanes, so no
// pair is in one branch either); in `k2` two lanes are on
// the right of `&&` (they may not run); in `k3` a lane is an arm of `?:`.
// Loading all lanes up front would read memory the code never reads.
__global__ void k1(const float *__restrict__ x, float *__restrict__ out, int c) {
  int i = threadIdx.x;
  float s;
  if (c) {
    s = x[4 * i] + x[4 * i + 2];
    // CHECK-MESSAGES: :[[@LINE-1]]:9: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'same-block' fails: the lanes are in different blocks or branches (lines {{[0-9, ]+}}) [KL1107]
  } else {
    s = x[4 * i + 1] + x[4 * i + 3];
  }
  out[i] = s;
}
__global__ void k2(const float *__restrict__ x, int *__restrict__ out) {
  int i = threadIdx.x;
  out[i] = x[4 * i] > 0.f && x[4 * i + 1] > 0.f && x[4 * i + 2] > 0.f && x[4 * i + 3] > 0.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'same-block' fails: lane 'x[4 * i + 1]' is executed conditionally: it is on the right of && [KL1107]
}
__global__ void k3(const float *__restrict__ x, float *__restrict__ out, bool f) {
  int i = threadIdx.x;
  out[i] = x[4 * i] + x[4 * i + 1] + x[4 * i + 2] + (f ? x[4 * i + 3] : 0.f);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'same-block' fails: lane 'x[4 * i + 3]' is executed conditionally: it is under the conditional operator ?: [KL1107]
}
