// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2
// The kernel is also declared in a header that this rewrite does not edit.
// Changing only the definition's `float *in` to `const float *__restrict__ in`
// would make the definition a different function (an overload): the header's
// `blur(float *, ...)` would then have no definition, and every other file
// that includes the header and launches it would fail to link. Edit the
// header by hand first.
#include "Inputs/kernels.h"

__global__ void blur(float *in, float *__restrict__ out, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'all-declarations-rewritable' fails: 'blur' is also declared in {{.*}}kernels.h:3, which this rewrite does not edit{{.*}} [KL1304]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.f;
}
