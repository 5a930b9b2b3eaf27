// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// Early exits: break, continue and return leave the trip count an upper
// bound, and a full unroll keeps them, so the loop is unrolled. A body that
// writes the index (a skip-ahead) has no trip count readable from the header.
__global__ void scan_flags(const int *flags, float *o) {
  for (int k = 0; k < 8; ++k) {
    // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 8; ++k) {
    if (flags[k] < 0) break;
    if (flags[k] == 0) continue;
    if (flags[k] > 5) return;
    o[k] += 2.f;
  }
  for (int k = 0; k < 8; ++k) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 2: precondition 'constant-trip-count' fails: 'k' is modified or escapes inside the body (line [[@LINE+1]]){{.*}} [KL1203]
    if (flags[k]) { ++k; continue; }
    o[k] = 1.f;
  }
}
