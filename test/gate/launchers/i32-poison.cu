// GATE-EXPECT: accepted
// GATE-WORKLOAD: i32-poison.yaml
// D1 regression: every i32 output is one of the two poison patterns on
// purpose, and the i16/u16 copies cover their whole ranges (poisons included).
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void patterns(int n, const int *sel, const short *a, const unsigned short *b, int *out, short *a2,
                         unsigned short *b2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = sel[i] ? (int)0xA5A5A5A5u : (int)0xB4B4B4B4u;
  a2[i] = a[i];
  b2[i] = b[i];
}

void int_patterns(int n, const int *sel, const short *a, const unsigned short *b, int *out, short *a2,
                  unsigned short *b2) {
  if (n > 0) patterns<<<(n + 255) / 256, 256>>>(n, sel, a, b, out, a2, b2);
}
