// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward --expect-exit=2 -- --assume=aligned:x:16 --option=vector-width=4
// contiguous-lanes: the V lanes must be V consecutive elements, read with one
// unchanged index. In `k1` the index variable changes between the lanes, so
// x[4*i] and x[4*i+1] are not neighbours; in `k2` (width forced to 4) lane 2
// is missing, and a float4 load would read an element the code never reads.
// In `k3` the index is a gather through `cnt`, which is written between the
// lanes: the "same" index 4*cnt[j] names different elements before and after.
__global__ void k1(const float *__restrict__ x, float *__restrict__ out, int i) {
  float a = x[4 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 1: precondition 'contiguous-lanes' fails: 'i' is modified between the lanes (line {{[0-9, ]+}}), so they are not 4 contiguous elements [KL1101]
  i += 8;
  float b = x[4 * i + 1], c = x[4 * i + 2], d = x[4 * i + 3];
  out[0] = a + b + c + d;
}
__global__ void k2(const float *__restrict__ x, float *__restrict__ out) {
  int i = threadIdx.x;
  out[i] = x[4 * i] + x[4 * i + 1] + x[4 * i + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: error: cannot apply 'vectorize-global-access' (forward) at site 2: precondition 'contiguous-lanes' fails: vector-width=4 needs lanes 0..3 but lane(s) 2 are missing [KL1101]
}
__global__ void k3(const float *__restrict__ x, int *__restrict__ cnt, float *__restrict__ out) {
  int j = threadIdx.x;
  float e = x[4 * cnt[j]];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: cannot apply 'vectorize-global-access' (forward) at site 3: precondition 'contiguous-lanes' fails: the index reads memory, and 'cnt[j]' (line {{[0-9, ]+}}) may change it between the lanes [KL1101]
  cnt[j] = 0;
  float f = x[4 * cnt[j] + 1], g = x[4 * cnt[j] + 2], h = x[4 * cnt[j] + 3];
  out[j] = e + f + g + h;
}
