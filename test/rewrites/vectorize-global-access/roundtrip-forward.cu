// RUN: %check-roundtrip %s %t --rewrite=vectorize-global-access --from=forward -- --assume=aligned:x:16 --assume=aligned:y:16 --assume=aligned:z:8
// Canonical scalar shape (lane 0 at p[B], lane k at p[B + k]): forward then
// reverse gives the input back (modulo whitespace). Covers loads in
// declarations, loads inside one expression, stores, and float2.
__global__ void k(const float *__restrict__ x, float *__restrict__ y, int *__restrict__ z, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int base = 4 * tid;
  float a0 = x[base];
  float a1 = x[base + 1];
  float a2 = x[base + 2];
  float a3 = x[base + 3];
  float s = x[4 * n + base] * a0 + x[4 * n + base + 1] * a1 + x[4 * n + base + 2] * a2 +
            x[4 * n + base + 3] * a3;
  y[base] = s * a0;
  y[base + 1] = s * a1;
  y[base + 2] = s * a2;
  y[base + 3] = s * a3;
  int p = z[2 * tid];
  int q = z[2 * tid + 1];
  z[2 * tid] = q;
  z[2 * tid + 1] = p;
}
