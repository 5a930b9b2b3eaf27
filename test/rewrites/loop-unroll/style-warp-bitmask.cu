// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward
// Warp-level code as often written: a shuffle reduction with a literal start
// and a shift step, a bitmask walked by `while (m)` (tested against zero), a
// countdown `for (int k = 8; k; --k)`, and a do-loop counting down to zero.
__device__ __forceinline__ float reduce_lane(float v) {
  for (int delta = 16; delta >= 1; delta >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, delta);
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int delta = 16; delta >= 1; delta >>= 1)
  return v;
}

__global__ void ballot_hist(const int *keys, unsigned *hist) {
  const unsigned lane = threadIdx.x & 31u;
  unsigned bits = 0xF0u;
  while (bits) {
    // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}  while (bits) {
    atomicAdd(&hist[bits & 31u], keys[lane] & 1);
    bits >>= 1;
  }
  for (int k = 8; k; --k) hist[k] += lane;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 8; k; --k) hist[k] += lane;
  int left = 3;
  do {
    hist[32 + left] += 1u;
    --left;
  } while (left);
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  do {
  hist[64 + lane] = (unsigned)reduce_lane((float)keys[lane]);
}
