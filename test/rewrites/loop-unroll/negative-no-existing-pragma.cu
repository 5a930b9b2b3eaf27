// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A loop that already carries a loop hint: adding a second `#pragma unroll`
// is an error for clang ("duplicate directives") and ambiguous for nvcc, and
// overriding someone's `#pragma unroll 1` / `nounroll` / `clang loop` choice
// is not this rewrite's call. Reverse first, then forward.
#define N 8

__global__ void k(const float *in, float *out) {
  float acc = 0.f;
  #pragma unroll 2
  for (int i = 0; i < N; ++i) acc += in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'no-existing-pragma' fails: the loop already carries '#pragma unroll 2'{{.*}} [KL1202]
  #pragma unroll 1
  for (int i = 0; i < N; ++i) acc *= in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'no-existing-pragma' fails: the loop already carries '#pragma unroll 1'{{.*}} [KL1202]
  #pragma nounroll
  for (int i = 0; i < N; ++i) acc -= in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'no-existing-pragma' fails: the loop already carries '#pragma nounroll'{{.*}} [KL1202]
  #pragma unroll
  for (int i = 0; i < N; ++i) acc += 2.f * in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'no-existing-pragma' fails: the loop already carries '#pragma unroll'; {{.*}} [KL1202]
  out[threadIdx.x] = acc;
}
