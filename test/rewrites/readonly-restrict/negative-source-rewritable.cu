// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// The load is produced by a macro body (not a macro argument): wrapping it
// would mean editing the macro, which other code shares.
#define AT(p, i) p[i]

__global__ void gather(const float *vals, const int *idx, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:37: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'source-rewritable' fails: {{.*}} [KL100]
  out[threadIdx.x] = AT(vals, threadIdx.x) + AT(idx, 0);
  // CHECK-MESSAGES: :[[@LINE-3]]:54: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'source-rewritable' fails: {{.*}} [KL100]
}
