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

// A template helper called with explicit template arguments keeps its
// `float *` parameter: `ld<float>(const float *)` would not compile.
template <class T> __device__ T ld(T *p, int i) { return p[i]; }
// CHECK-MESSAGES: :[[@LINE-1]]:39: error: cannot apply 'readonly-restrict' (forward) at site 2: precondition 'global-kernel' fails{{.*}} [KL1305]

__global__ void explicit_args(float *in, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:38: error: cannot apply 'readonly-restrict' (forward) at site 3: precondition 'derived-pointers-rewritable' fails: it is passed to 'ld<float>' with explicit template arguments at line [[@LINE+1]]{{.*}} [KL1306]
  out[threadIdx.x] = ld<float>(in, threadIdx.x);
}

// T is deduced from both pointers: `const` on only one of them makes the
// deduction conflict (const float vs float).
template <class T> __device__ T dot2(T *a, T *b) { return a[0] * b[0] + a[1] * b[1]; }
// CHECK-MESSAGES: :[[@LINE-1]]:41: error: cannot apply 'readonly-restrict' (forward) at site 4: precondition 'global-kernel' fails{{.*}} [KL1305]
// CHECK-MESSAGES: :[[@LINE-2]]:47: error: cannot apply 'readonly-restrict' (forward) at site 5: precondition 'global-kernel' fails{{.*}} [KL1305]

__global__ void pairs(float *u, float *v, float *__restrict__ out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:30: error: cannot apply 'readonly-restrict' (forward) at site 6: precondition 'derived-pointers-rewritable' fails: it is passed to 'dot2' at line [[@LINE+2]] ('dot2(u, v)'), whose 'T' is also deduced from parameter 'b'{{.*}} [KL1306]
  // CHECK-MESSAGES: :[[@LINE-2]]:40: error: cannot apply 'readonly-restrict' (forward) at site 7: precondition 'derived-pointers-rewritable' fails: it is passed to 'dot2' at line [[@LINE+1]] ('dot2(u, v)'), whose 'T' is also deduced from parameter 'a'{{.*}} [KL1306]
  out[blockIdx.x] = dot2(u, v);
}
