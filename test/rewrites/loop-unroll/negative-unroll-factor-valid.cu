// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2 -- --option=unroll-factor=1
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2 -- --option=unroll-factor=four
// `#pragma unroll 1` *forbids* unrolling, and a factor that is not a number
// is not a pragma nvcc accepts: both are refused rather than written.
__global__ void k(const float *in, float *out, int n) {
  float acc = 0.f;
  for (int i = 0; i < n; ++i) acc += in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'unroll-factor-valid' fails: unroll-factor='{{1|four}}' is not 'full' or an integer from 2 to 1024{{.*}} [KL1205]
  out[threadIdx.x] = acc;
}
