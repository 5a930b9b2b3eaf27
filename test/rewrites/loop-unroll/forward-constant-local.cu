// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A bound held in a local initialised with a constant and never modified is
// a compile-time trip count; once the local is modified anywhere in the
// function it is not (constant-trip-count fails, naming it).
__global__ void fixed_bound(float *p) {
  int n = 6;
  for (int i = 0, m = 3; i < m; ++i)
    p[i] = 1.f;
  // CHECK-FIXES: {{^}}  #pragma unroll
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0, m = 3; i < m; ++i)
  for (int k = 0; k < n; k += 2)
    p[k] += 2.f;
  // CHECK-FIXES: {{^}}  #pragma unroll
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < n; k += 2)
}

__global__ void moving_bound(float *p, int extra) {
  int n = 4;
  if (extra > 0)
    n += extra;
  for (int k = 0; k < n; ++k)
    p[k] = 0.f;
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'constant-trip-count' fails: bound: 'n' is not a compile-time constant {{.*}} [KL1203]
}
