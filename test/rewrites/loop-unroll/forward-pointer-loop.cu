// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward
// Loops that walk a pointer a fixed distance from one base: `p != row + 8`,
// a second pointer declared in the header (`*e = row + 8`), an end pointer
// set before the loop and never modified, a register array walked up and
// down (`&regs[5]` to `regs`), and a while loop over a pointer.
__global__ void walk(const float *__restrict__ a, float *out) {
  const float *row = a + blockIdx.x * 8;
  float s = 0.0f;
  for (const float *p = row; p != row + 8; ++p)
    s += *p;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const float *p = row; p != row + 8; ++p){{$}}
  for (const float *p = row, *e = row + 8; p < e; p += 2)
    s += p[1];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const float *p = row, *e = row + 8; p < e; p += 2){{$}}
  const float *const end = row + 4;
  for (const float *p = row; p < end; p++) s += *p;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const float *p = row; p < end; p++) s += *p;
  float regs[6];
  for (float *r = regs; r != regs + 6; ++r) *r = s;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (float *r = regs; r != regs + 6; ++r) *r = s;
  for (float *r = &regs[5]; r >= regs; --r) s += *r;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (float *r = &regs[5]; r >= regs; --r) s += *r;
  const float *q = row;
  while (q != row + 3) {
    // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}  while (q != row + 3) {
    s -= *q;
    ++q;
  }
  out[blockIdx.x] = s + regs[0];
}
