// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// The loop sits inside a macro's expansion, after other code of the same
// expansion: a pragma line cannot be put inside the expansion, and one above
// the macro's use would attach to the statement the expansion starts with,
// not to this loop. (A macro that *starts* with the loop is fine, see
// forward-macro-header.cu; so are macros around a loop: bound, body.)
#define ACCUM4(acc, p) acc = 0.f; for (int i_ = 0; i_ < 4; ++i_) acc += (p)[i_]
#define GUARDED(c, stmt) if (c) stmt

__global__ void k(const float *in, float *out) {
  float acc;
  ACCUM4(acc, in);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'source-rewritable' fails: {{.*}} [KL100]
  GUARDED(threadIdx.x == 0, for (int j = 0; j < 2; ++j) acc += in[j]);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'source-rewritable' fails: {{.*}} [KL100]
  out[threadIdx.x] = acc;
}
