// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=all
// --assume=all settles unknowns only: a __shared__ pair fails global-pointer
// (a fact), and a register array pair is no site at all (local arrays have
// no alignment to prove and live in registers). Nothing is merged, nothing
// written (reported bug 2b).
__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[64];
  float r[8];
  int t = threadIdx.x;
  for (int j = 0; j < 8; ++j)
    r[j] = in[t + 32 * j];
  s[t] = r[3];
  __syncthreads();
  float a = s[2 * t] + s[2 * t + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'global-pointer' fails: 's' is a __shared__ array (shared-memory vectorization is a different rewrite) [KL1104]
  float b = r[2 * (t & 3)] + r[2 * (t & 3) + 1];
  out[t] = a + b;
}
