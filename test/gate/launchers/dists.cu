// GATE-EXPECT: accepted
// GATE-WORKLOAD: dists.yaml
// Writes 1 where every input lies in the range its distribution declares
// (bounds that depend on K); the reference is all ones, so a draw outside
// its range fails the check.
// REQUIRES: gpu
// RUN: %python %S/../check_gate.py %klineage %s
#include <cuda_runtime.h>

__global__ void ranges(int n, int k, int *lab, long long *ids, float *t, float *g, short *c, unsigned short *u,
                       unsigned char *ok) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bool in = lab[i] >= 0 && lab[i] <= k - 1 && ids[i] >= 1 && ids[i] <= k && t[i] >= -1.0f && t[i] <= (float)k &&
            t[i] != 0.0f && fabsf(g[i] - (float)k) < 10.0f && c[i] == -7 && u[i] <= k;
  ok[i] = in ? 1 : 0;
}

void check_ranges(int n, int k, int *lab, long long *ids, float *t, float *g, short *c, unsigned short *u,
                  unsigned char *ok) {
  if (n > 0) ranges<<<(n + 255) / 256, 256>>>(n, k, lab, ids, t, g, c, u, ok);
}
