// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// `x` is never written, but `y` is, and nothing says they do not overlap: a
// caller may pass y == x + 1. Then __ldg(&x[i]) may read through the
// non-coherent cache a value the kernel just stored through y, and
// __restrict__ on x would be a lie. The fact is about the workload, not the
// code: the refusal says which --assume settles it.
__global__ void shift(const float *x, float *y, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:36: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'no-alias-with-written' is unknown: written parameter 'y' may alias 'x' (then __ldg could read stale data); assert it with --assume=noalias:x {{.*}}[KL1302]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) y[i] = x[i] + x[i + 1];
}

// The output is reached through a struct parameter: `args.out` may point
// into `in` just as well.
struct Args { float *out; int n; };

__global__ void through_struct(Args args, const float *in) {
  // CHECK-MESSAGES: :[[@LINE-1]]:56: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'no-alias-with-written' is unknown: written parameter 'args' (a struct holding pointers) may alias 'in' {{.*}}; assert it with --assume=noalias:in {{.*}}[KL1302]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < args.n) args.out[i] = 2.f * in[i];
}
