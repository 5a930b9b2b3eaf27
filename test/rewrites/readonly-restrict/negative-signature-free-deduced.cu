// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=all
// signature-free, through a deduced template parameter: k's address reaches
// the typed pointer 'typed' only inside 'launchTyped', whose parameter type F
// is deduced from it. A new parameter type for k would change F, and 'typed'
// would no longer accept it: the site is refused before any edit, not left to
// the engine's re-parse. j's address reaches only a launch through its
// deduced parameter, which leaves its type free: j is rewritten.
__global__ void k(float *in, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'signature-free' fails: the address of 'k' is used at line [[@LINE+13]] {{.*}} where its function type is fixed; changed parameter types would not convert [KL1309]
  out[threadIdx.x] = in[threadIdx.x];
}
__global__ void j(float *in, float *__restrict__ out) {
  // CHECK-FIXES: __global__ void j(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = 2.0f * in[threadIdx.x];
}
template <class F> void launchTyped(F f, float *in, float *out) {
  void (*typed)(float *, float *) = f;
  typed<<<1, 32>>>(in, out);
}
template <class F> void launchAny(F f, float *in, float *out) { f<<<1, 32>>>(in, out); }
void go(float *in, float *out) {
  launchTyped(k, in, out);
  launchAny(j, in, out);
}
