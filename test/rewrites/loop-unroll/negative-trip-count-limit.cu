// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2 -- --option=max-full-unroll=100
// Fully unrolling hundreds of iterations bloats the kernel (instruction cache
// misses, register pressure, compile time) for no gain over a factor unroll.
// The template is fine for <16> but not for <512>: a rewrite of the shared
// template text must be sound for every instantiation, so it is refused.
template <int LEN>
__global__ void k(const float *in, float *out) {
  float acc = 0.f;
  for (int i = 0; i < LEN; ++i) acc += in[i * 32 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'trip-count-limit' fails: 512 iterations exceed max-full-unroll={{64|100}}{{.*}} [KL1204]
  for (long long b = 1; b < (1ll << 40); b += 1ll << 32) acc *= 1.0001f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'trip-count-limit' fails: 256 iterations exceed max-full-unroll={{64|100}}{{.*}} [KL1204]
  out[threadIdx.x] = acc;
}
template __global__ void k<16>(const float *, float *);
template __global__ void k<512>(const float *, float *);
