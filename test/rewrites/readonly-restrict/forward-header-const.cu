// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=readonly-restrict --from=forward
// The kernel is also declared in a header, but its input is already
// `const float *`: adding the top-level `__restrict__` does not change the
// function's type, so the header may keep its spelling and the rewrite applies
// to the definition alone (contrast negative-all-declarations-rewritable.cu).
#include "Inputs/const-kernels.h"

__global__ void box3(const float *in, float *__restrict__ out, int n) {
// CHECK-FIXES: {{^}}__global__ void box3(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.f;
  // CHECK-FIXES: {{^}}  if (i > 0 && i + 1 < n) out[i] = (__ldg(&in[i - 1]) + __ldg(&in[i]) + __ldg(&in[i + 1])) / 3.f;
}
