// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// `x` is never written, but `y` is, and nothing says they do not overlap: a
// caller may pass y == x + 1. Then __ldg(&x[i]) may read through the
// non-coherent cache a value the kernel just stored through y, and
// __restrict__ on x would be a lie. The fact is about the workload, not the
// code: the refusal says which --assume settles it.
__global__ void shift(const float *x, float *y, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:36: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'no-alias-with-written' is unknown: written pointer parameter 'y' may alias 'x' (then __ldg could read stale data); assert it with --assume=noalias:x {{.*}}[KL1302]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) y[i] = x[i] + x[i + 1];
}
