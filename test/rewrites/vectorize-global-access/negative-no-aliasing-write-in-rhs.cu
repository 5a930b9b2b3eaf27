// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16
// no-aliasing-write-between: a write *inside* the expression, between the
// reads of lane 1 and lane 2 (the inner assignment to `y[i]`, which may alias
// `x`), still blocks merging: hoisting the lane-2 read above it could read
// the old value.
__global__ void k(const float *x, float *y) {
  int i = threadIdx.x;
  float s = x[4 * i] + x[4 * i + 1] + (y[i] = 1.f) + x[4 * i + 2] + x[4 * i + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'no-aliasing-write-between' is unknown: the store to 'y[i]' (line {{[0-9]+}}) between the lanes: {{.*}} [KL1106]
  y[i + 1] = s;
}
