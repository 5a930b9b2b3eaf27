// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16
// source-rewritable: when the access text itself comes from a macro
// expansion, rewriting it would rewrite the macro, not this use. (A macro
// used only *inside* the index is fine: see forward-2d-macro.cu.)
#define LOAD(p, i) (p)[(i)]
__global__ void k(const float *__restrict__ x, float *__restrict__ out) {
  int i = threadIdx.x;
  out[i] = LOAD(x, 4 * i) + LOAD(x, 4 * i + 1) + LOAD(x, 4 * i + 2) + LOAD(x, 4 * i + 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'source-rewritable' fails: the access 'LOAD(x, 4 * i)' is produced by a macro expansion [KL100]
}
