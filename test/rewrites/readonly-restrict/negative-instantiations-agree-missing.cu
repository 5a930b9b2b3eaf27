// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=all
// instantiations-agree: 'p' is only written in k<true>, where it is a pure
// output and so no site; k<false> alone reads it. The parameter's text is
// shared, so making it const for k<false> would break k<true>.
template <bool Write>
__global__ void k(float *p, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'instantiations-agree' fails: 1 of 2 template instantiations have no such site (the pattern does not hold there) [KL101]
  if constexpr (Write)
    p[threadIdx.x] = 1.f;
  else
    out[threadIdx.x] = p[threadIdx.x];
}
template __global__ void k<true>(float *, float *);
template __global__ void k<false>(float *, float *);
