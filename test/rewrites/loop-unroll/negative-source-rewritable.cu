// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// The loop text itself comes from a macro: a pragma line cannot be put inside
// a macro's expansion, and adding it at the use would not reach the loop.
// (Macros *around* a loop -- bound, body -- are fine: see forward-basic.cu.)
#define FOR_EACH(i, n) for (int i = 0; i < (n); ++i)

__global__ void k(const float *in, float *out) {
  float acc = 0.f;
  FOR_EACH(i, 8) acc += in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'source-rewritable' fails: {{.*}} [KL100]
  out[threadIdx.x] = acc;
}
