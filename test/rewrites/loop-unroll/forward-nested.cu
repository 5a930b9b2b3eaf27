// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward
// Nested loops without braces, and two loops on one line: every loop gets its
// own pragma on its own line, directly above it (a pragma between a `for`
// header and its body loop is valid: it attaches to the inner loop).
__global__ void outer(float *o) {
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      o[i * 4 + j] = 0.f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 4; ++i){{$}}
  // CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}    for (int j = 0; j < 4; ++j){{$}}
  for (int r = 0; r < 2; ++r) for (int c = 0; c < 2; ++c) o[r * 2 + c] += 1.f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int r = 0; r < 2; ++r)
  // CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int c = 0; c < 2; ++c) o[r * 2 + c] += 1.f;
}
