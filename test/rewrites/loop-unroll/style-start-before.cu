// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// The index declared earlier in the block, not in the loop header: C-style
// `int k = 0; ... for (; k < 8; ++k)` and a while loop whose counter is
// declared two statements up. A write in between (`j += 1`) or an escape
// (`&m`, which the body could write through) leaves the start unknown.
__global__ void st(const float *in, float *out) {
  int k = 0;
  float acc = 0.f;
  for (; k < 8; ++k) acc += in[k];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (; k < 8; ++k) acc += in[k];
  int i = 2;
  float b = in[0];
  while (i < 6) {
    // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}  while (i < 6) {
    b += in[i];
    ++i;
  }
  int j = 0;
  float c = 0.f;
  j += (int)in[1];
  for (; j < 4; ++j) c += in[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'constant-trip-count' fails: the start value of 'j' is not set in the loop header, nor by its declaration in the loop's block with no write or escape{{.*}} [KL1203]
  int m = 0;
  int *pm = &m;
  for (; m < 4; ++m) c += in[*pm];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'constant-trip-count' fails: the start value of 'm' is not set in the loop header{{.*}} [KL1203]
  out[threadIdx.x] = acc + b + c;
}
