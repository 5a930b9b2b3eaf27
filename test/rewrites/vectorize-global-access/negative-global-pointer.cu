// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:p:16
// global-pointer: this rewrite produces ld.global/st.global vector accesses.
// A __shared__ array is shared memory (a different rewrite, with its own
// bank-conflict rules), so it fails; a pointer parameter of a __device__
// function may point to shared or local memory, so that is unknown (only
// --assume=all would settle it).
__device__ float sum4(const float *p, int i) {
  return p[4 * i] + p[4 * i + 1] + p[4 * i + 2] + p[4 * i + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'global-pointer' is unknown: 'p' is a parameter of __device__ function 'sum4'; it may point to shared or local memory; no single --assume fact settles it (only --assume=all asserts every unknown) [KL1104]
}
__global__ void k1(const float *__restrict__ x, float *__restrict__ out) {
  __shared__ float tile[256];
  int t = threadIdx.x;
  tile[t] = x[t];
  __syncthreads();
  out[t] = tile[4 * (t / 4)] + tile[4 * (t / 4) + 1] + tile[4 * (t / 4) + 2] + tile[4 * (t / 4) + 3] + sum4(x, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'global-pointer' fails: 'tile' is a __shared__ array (shared-memory vectorization is a different rewrite) [KL1104]
}
