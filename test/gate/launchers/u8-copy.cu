// GATE-EXPECT: accepted
// GATE-WORKLOAD: u8-copy.yaml
// D1 regression: an honest byte copy. About 1/128 of its outputs equal an
// integer poison pattern; each is still written, so it must be accepted.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void copy_bytes(const unsigned char *in, unsigned char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

void u8_copy(const unsigned char *in, unsigned char *out, int n) {
  if (n > 0) copy_bytes<<<(n + 255) / 256, 256>>>(in, out, n);
}
