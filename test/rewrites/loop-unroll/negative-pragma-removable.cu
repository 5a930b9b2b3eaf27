// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=reverse --expect-exit=2
// The pragma comes from a macro (`_Pragma` inside UNROLL): deleting the
// macro's use would change text shared with every other use, and deleting
// the macro's definition would change every loop. Edit the macro by hand.
#define UNROLL _Pragma("unroll")

__global__ void k(const float *in, float *out) {
  float acc = 0.f;
  UNROLL
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (reverse) at site 1: precondition 'pragma-removable' fails: '{{.*}}' comes from _Pragma or a macro expansion{{.*}} [KL1206]
  for (int i = 0; i < 8; ++i) acc += in[i];
  out[threadIdx.x] = acc;
}
