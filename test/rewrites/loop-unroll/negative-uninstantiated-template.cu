// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A template kernel with no instantiation in the file: a bound that is a
// template parameter is constant in every instantiation, but its size is not
// known here, so a full unroll is unknown (not refused outright): the tool
// says so, and --assume=all would apply it. A literal bound still applies.
template <int ITEMS>
__global__ void tile_sum(const float *in, float *out) {
  float acc = 0.f;
  for (int i = 0; i < ITEMS; ++i) acc += in[blockIdx.x * ITEMS + i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'constant-trip-count' is unknown: bound: 'ITEMS' depends on a template parameter (decided per instantiation){{.*}} [KL1203]
  for (int k = 0; k < 4; ++k) acc *= 0.5f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = 0; k < 4; ++k) acc *= 0.5f;
  out[blockIdx.x] = acc;
}
