// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16 --assume=aligned:y:16
// tail-covered: every lane must run under the same condition. In the first
// group each lane has its own bounds check `4*i+k < n`: unless n is a multiple
// of 4, only some lanes run at the end of the array and one float4 access
// would read/write past the end (unknown: --assume=multiple:n:4 settles it,
// see forward-guarded-lanes.cu; the loads of x under the same guards are
// part of the store's site). In the second group the guards do not even
// test the lanes' own indices (fails). This rewrite does not generate a
// guarded vector path with a scalar tail.
__global__ void k(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * i < n) y[4 * i] = 2.f * x[4 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'tail-covered' is unknown: each lane is guarded by 'index + k < n'; the guards are equivalent to one only if 'n' is a multiple of 4 (otherwise the last vector is partial and this rewrite does not generate a scalar tail); assert it with --assume=multiple:n:4 if it is true [KL1105]
  if (4 * i + 1 < n) y[4 * i + 1] = 2.f * x[4 * i + 1];
  if (4 * i + 2 < n) y[4 * i + 2] = 2.f * x[4 * i + 2];
  if (4 * i + 3 < n) y[4 * i + 3] = 2.f * x[4 * i + 3];
  float s = 0.f;
  if (4 * i < n) {
    s += x[4 * i + 4 * n];
    // CHECK-MESSAGES: :[[@LINE-1]]:10: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'tail-covered' fails: each lane is guarded by its own condition: 'if (4 * i < n)' does not compare the lane's own index; this rewrite does not generate a scalar tail: guard all lanes with one condition first [KL1105]
  }
  if (4 * i + 1 < n) {
    s += x[4 * i + 4 * n + 1];
  }
  y[i + 4 * n] = s;
}
