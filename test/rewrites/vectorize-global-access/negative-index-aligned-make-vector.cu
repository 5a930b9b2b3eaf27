// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2
// A make_float4 of four consecutive loads is one lane group, but it keeps
// the forward preconditions: in `k1` lane 0 is x[4*i+1], provably not a
// multiple of 4, so a float4 load there would be misaligned (index-aligned
// fails). In `k2` the pointer is a plain parameter whose alignment is not
// known (base-aligned unknown). In `k3` the lanes are out of order, so the
// call is not a vector load (its loads are still grouped, through a
// temporary, which base-aligned refuses the same way).
__global__ void k1(const float *__restrict__ x, float *__restrict__ y) {
  int i = threadIdx.x;
  float4 v = make_float4(x[4 * i + 1], x[4 * i + 2], x[4 * i + 3], x[4 * i + 4]);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'index-aligned' fails: {{.*}} [KL1102]
  v.x *= 2.f;
  y[i] = v.x + v.w;
}
__global__ void k2(const float *__restrict__ x, float *__restrict__ y) {
  int i = threadIdx.x;
  float4 v = make_float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'base-aligned' is unknown: {{.*}} --assume=aligned:x:16 if it is true [KL1103]
  v.x *= 2.f;
  y[i] = v.x + v.w;
}
__global__ void k3(const float *__restrict__ x, float *__restrict__ y) {
  int i = threadIdx.x;
  float4 v = make_float4(x[4 * i + 1], x[4 * i], x[4 * i + 2], x[4 * i + 3]);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'base-aligned' is unknown: {{.*}} [KL1103]
  y[i] = v.x + v.w;
}
