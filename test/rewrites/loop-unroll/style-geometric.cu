// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// Trip counts that are not `i < N; ++i`: an unsigned interleaved reduction
// (`stride <<= 1`), a butterfly with `k *= 2`, a countdown to 0 inclusive, a
// `!=` loop stepping by 2, and unsigned char wrap-around (250 .. 255, 0 .. 3).
// `k-- > 0` updates the index in the condition, and `k >= 0` on an unsigned
// index never fails: both are refused, and the reasons say so.
__global__ void red(float *d) {
  __shared__ float sm[256];
  unsigned tid = threadIdx.x;
  sm[tid] = d[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned stride = 1; stride < 256; stride <<= 1) {
    // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}  for (unsigned stride = 1; stride < 256; stride <<= 1) {
    if (tid % (2 * stride) == 0) sm[tid] += sm[tid + stride];
    __syncthreads();
  }
  for (int k = 1; k < 32; k *= 2) sm[tid] += __shfl_xor_sync(0xffffffffu, sm[tid], k);
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 1; k < 32; k *= 2)
  for (int k = 7; k >= 0; --k) sm[k] += 1.f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 7; k >= 0; --k)
  for (int k = 0; k != 16; k += 2) sm[k] += 1.f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k != 16; k += 2)
  for (unsigned char c = 250; c != 4; ++c) sm[c] += 3.f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (unsigned char c = 250; c != 4; ++c)
  for (unsigned k = 8; k-- > 0;) sm[k] += 2.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 6: precondition 'constant-trip-count' fails: the condition 'k-- > 0' also updates 'k'{{.*}} [KL1203]
  for (unsigned k = 7; k >= 0; --k) { sm[k] -= 1.f; if (k == 0) break; }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 7: precondition 'constant-trip-count' fails: the condition 'k >= 0' is always true for unsigned 'k'{{.*}} [KL1203]
  if (tid == 0) d[blockIdx.x] = sm[0];
}
