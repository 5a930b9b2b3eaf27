// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2
// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=all
// instantiations-agree: a template's text is edited once for all of its
// instantiations, so a site must exist, with the same edits, in every one.
// g[i] and g[i + blockSize] are neighbours only in red<1>; red<256> has no
// such pair, and one float2 load would read g[i + 1] there (known bug 1).
template <unsigned blockSize>
__global__ void red(float *__restrict__ g, float *__restrict__ o) {
  unsigned i = blockIdx.x * blockSize * 2 + threadIdx.x;
  float s = g[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'instantiations-agree' fails: 1 of 2 template instantiations have no such site (the pattern does not hold there) [KL101]
  // CHECK-MESSAGES: :[[@LINE+6]]:26: note: 'red<1U>' is instantiated here and has the site [instantiation]
  // CHECK-MESSAGES: :[[@LINE+4]]:26: note: 'red<256U>' is instantiated here and has no such site [instantiation]
  s += g[i + blockSize];
  o[i] = s;
}
template __global__ void red<256>(float *, float *);
template __global__ void red<1>(float *, float *);
