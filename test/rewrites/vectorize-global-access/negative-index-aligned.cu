// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16 --option=vector-width=4
// index-aligned: a float4 access needs its element index to be a multiple
// of 4. In `k1` lane 0 is x[4*i+1]: provably one past a multiple of 4, so the
// vector access would be misaligned (fails; the width is forced to 4 --
// without it the rewrite would pick the aligned pair x[4*i+2..3]). In `k2` the base index `i` is
// a plain parameter: it may or may not be a multiple of 4 (unknown; assert
// it with --assume=multiple:i:4 if the launcher guarantees it).
__global__ void k1(const float *__restrict__ x, float *__restrict__ out) {
  int i = threadIdx.x;
  out[i] = x[4 * i + 1] + x[4 * i + 2] + x[4 * i + 3] + x[4 * i + 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'index-aligned' fails: base index '4 * i + 1': it is a multiple of 4 plus 1 [KL1102]
}
__global__ void k2(const float *__restrict__ x, float *__restrict__ out, int i) {
  out[0] = x[i] + x[i + 1] + x[i + 2] + x[i + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'index-aligned' is unknown: base index 'i': 'i' is not known to be a multiple of 4; assert it with --assume=multiple:i:4 if it is true [KL1102]
}
