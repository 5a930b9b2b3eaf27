// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward --expect-exit=2 -- --assume=noalias
// `src` is only read, but a copy of it is kept in a variable whose pointer
// type comes from a typedef: after `src` becomes `const float *`, the
// initialization `fptr p = src + 1` no longer compiles and the typedef cannot
// take a `const` without changing every other use of it.
typedef float *fptr;

__global__ void offset_copy(float *src, float *dst) {
  // CHECK-MESSAGES: :[[@LINE-1]]:36: error: cannot apply 'readonly-restrict' (forward) at site 1: precondition 'derived-pointers-rewritable' fails: 'p' (line [[@LINE+1]]) receives it but its type 'fptr' is not spelled 'T *'{{.*}} [KL1306]
  fptr p = src + 1;
  dst[threadIdx.x] = p[threadIdx.x];
}
