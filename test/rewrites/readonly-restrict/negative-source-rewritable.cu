// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// The parameter's type is spelled by a macro: adding const / __restrict__
// would mean editing the macro, which other code shares. (Loads inside a
// macro body are merely left unwrapped: forward-macro-body.cu.)
#define FPTR float *
#define KERNEL_ARGS const int *idx, float *out

__global__ void gather(FPTR vals, KERNEL_ARGS) {
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'source-rewritable' fails: {{.*}} [KL100]
  // CHECK-MESSAGES: :[[@LINE-2]]:35: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'source-rewritable' fails: {{.*}} [KL100]
  out[threadIdx.x] = vals[idx[threadIdx.x]];
}
