// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=all
// A template instantiated with two element types (float and int) would need
// float2 in one instantiation and int2 in the other for the same source
// text; the engine refuses such sites (instantiations-agree).
template <typename T>
__global__ void swap2(T *__restrict__ p) {
  unsigned k = threadIdx.x;
  T a = p[2 * k], b = p[2 * k + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'instantiations-agree' fails: template instantiations need different edits of the same source text [KL101]
  p[2 * k] = b;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'instantiations-agree' fails: template instantiations need different edits of the same source text [KL101]
  p[2 * k + 1] = a;
}
template __global__ void swap2<float>(float *);
template __global__ void swap2<int>(int *);
