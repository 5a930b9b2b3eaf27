// REQUIRES: nvcc
// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// `warpSize` is not a compile-time constant for nvcc: it reads the %WARP_SZ
// register (the PTX below has `mov.u32 %r, WARP_SZ` and keeps the loop), so a
// full-unroll pragma on a loop bounded by it does nothing. Clang's CUDA headers
// declare it `const int warpSize = 32`, which would make the trip count look
// constant; the rewrite refuses instead, also through a const local.
__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'constant-trip-count' fails: start value: 'warpSize / 2' is not a compile-time constant for nvcc ('warpSize' is read from the %WARP_SZ register at run time{{.*}} [KL1203]
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__global__ void lanes(const float *in, float *out) {
  const int lanes = warpSize;
  float s = 0.f;
  for (int l = 0; l < lanes; l += 8) s += in[l];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'constant-trip-count' fails: bound: 'lanes' is not a compile-time constant for nvcc{{.*}} [KL1203]
  out[threadIdx.x] = warpReduceSum(in[threadIdx.x]) + s;
}

// CHECK-PTX-BEFORE: mov.u32 {{.*}}WARP_SZ
// CHECK-PTX-BEFORE: shfl.sync.down
// CHECK-PTX-BEFORE: bra
