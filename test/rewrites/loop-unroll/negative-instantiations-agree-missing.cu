// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2 -- --assume=all
// instantiations-agree: the bound is the constant N in fill<4> but the
// runtime 'n' in fill<0>. One `#pragma unroll` on the shared text would be
// a full unroll of a loop whose trip count fill<0> does not know.
template <int N>
__global__ void fill(float *x, int n) {
  for (int i = 0; i < (N > 0 ? N : n); ++i)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'constant-trip-count' fails: bound: '(N > 0 ? N : n)' is not a compile-time constant {{.*}} [KL1203]
    x[i] = 0.f;
}
template __global__ void fill<4>(float *, int);
template __global__ void fill<0>(float *, int);
