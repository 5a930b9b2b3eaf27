// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// One macro use expands to two loops. They share the anchor (the use) but are
// two statements, not two template instantiations of one: each is its own
// site with its own verdict. The outer loop starts the expansion and gets the
// pragma above the use; the inner one is in the middle of it and is refused
// by source-rewritable (not by instantiations-agree).
#define FOR_N(i, n) for (int i = 0; i < (n); ++i)
#define FOR2(i, j, n) FOR_N(i, n) FOR_N(j, n)

__global__ void k(float *out, const float *in) {
  float acc = 0.f;
  FOR2(a, b, 4) acc += in[a * 4 + b];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'source-rewritable' fails: {{.*}} [KL100]
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  FOR2(a, b, 4) acc += in[a * 4 + b];
  out[threadIdx.x] = acc;
}
