// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// The kernel is also declared in a header this rewrite does not edit. Changing
// only the definition's parameter to `const float *__restrict__` would make it
// a different overload from the header's declaration (restrict is part of no
// signature, but the header's callers would still see the old contract, and
// other files including it would disagree). Edit the header by hand first.
#include "Inputs/kernels.h"

__global__ void blur(const float *in, float *__restrict__ out, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'all-declarations-rewritable' fails: 'blur' is also declared in {{.*}}kernels.h:3, which this rewrite does not edit{{.*}} [KL1304]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.f;
}
