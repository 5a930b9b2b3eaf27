// GATE-EXPECT: accepted
// GATE-WORKLOAD: i8-negate.yaml
// D1 regression: out = -in over all of i8, so some outputs are 0xA5 and 0xB4.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void negate(int n, const signed char *in, signed char *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = (signed char)-in[i];
}

void i8_negate(int n, const signed char *in, signed char *out) {
  if (n > 0) negate<<<1024, 256>>>(n, in, out);
}
