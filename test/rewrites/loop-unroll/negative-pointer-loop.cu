// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// Pointer loops whose trip count is not fixed: a stride that steps over the
// bound of a `!=` test, a run-time end, a base moved inside the loop, an end
// set before the loop from a base that is moved elsewhere in the function
// (the two may no longer match), and a bound through a cast to another type.
__global__ void walk_bad(const float *a, float *out, int n) {
  const float *row = a + blockIdx.x * 8;
  float s = 0.f;
  for (const float *p = row; p != row + 7; p += 2) s += *p;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'constant-trip-count' fails: 'p' never reaches the bound 'row + 7'{{.*}} [KL1203]
  for (const float *p = row; p != a + n; ++p) s += *p;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'constant-trip-count' fails: bound: the offset 'n' is not a compile-time constant{{.*}} [KL1203]
  const float *stop = row + 4;
  for (const float *p = row; p < row + 8; ++p) { s += *p; row++; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'constant-trip-count' fails: 'row' is modified or escapes inside the loop (line [[@LINE-1]]){{.*}} [KL1203]
  for (const float *p = row; p < stop; ++p) s += *p;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'constant-trip-count' fails: the start 'row' and the bound 'stop' are not offsets of the same pointer{{.*}} [KL1203]
  const char *c = reinterpret_cast<const char *>(row);
  for (const float *p = row; p < (const float *)(c + 32); ++p) s += *p;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 5: precondition 'constant-trip-count' fails: bound: '(const float *)(c + 32)' is not a pointer variable plus a constant{{.*}} [KL1203]
  out[blockIdx.x] = s;
}
