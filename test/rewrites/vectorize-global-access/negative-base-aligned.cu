// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16
// base-aligned: the pointer itself must be 16-byte aligned. `x + 1` is 4
// bytes past an aligned pointer (fails even though x is asserted aligned);
// `y` is a plain parameter (unknown: the launcher may pass an offset
// pointer); `s->v` is an array inside a struct at byte offset 4 (fails).
struct Rec {
  int tag;
  float v[8];
};
__global__ void k1(const float *__restrict__ x, float *__restrict__ out) {
  const float *p = x + 1;
  int i = threadIdx.x;
  out[i] = p[4 * i] + p[4 * i + 1] + p[4 * i + 2] + p[4 * i + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'base-aligned' fails: the pointer is 'x' + 4 bytes, which is not a multiple of 16 even if 'x' is aligned [KL1103]
}
__global__ void k2(const float *__restrict__ y, float *__restrict__ out) {
  int i = threadIdx.x;
  out[i] = y[4 * i] + y[4 * i + 1] + y[4 * i + 2] + y[4 * i + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'base-aligned' is unknown: 'y' is a plain pointer parameter; cudaMalloc gives 256-byte alignment but the launcher may pass an offset pointer; assert it with --assume=aligned:y:16 if it is true [KL1103]
}
__global__ void k3(const Rec *__restrict__ s, float *__restrict__ out) {
  out[0] = s->v[0] + s->v[1] + s->v[2] + s->v[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'base-aligned' fails: the pointer points into a struct (field 'v' at byte offset 4), not 16-byte aligned [KL1103]
}
