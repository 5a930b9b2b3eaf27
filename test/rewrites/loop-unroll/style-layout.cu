// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward
// RUN: %check-roundtrip %s %t --rewrite=loop-unroll --from=forward
// Layouts a pragma must fit into: a comment before the loop on its line, a
// loop inside a one-line block, after `else`, after a `case` label, after a
// goto label, a tab-indented loop, and a header split over three lines.
__global__ void fmt(float *o) {
  /* init */ for (int i = 0; i < 4; ++i) o[i] = 0;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 4; ++i) o[i] = 0;
  if (threadIdx.x == 0) { for (int i = 0; i < 4; ++i) o[i] += 1; }
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 4; ++i) o[i] += 1; }
  else for (int i = 0; i < 2; ++i) o[i] -= 1;
  // CHECK-FIXES: {{^}}  else{{ ?$}}
  // CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 2; ++i) o[i] -= 1;
  switch (threadIdx.x) {
  case 1: for (int i = 0; i < 2; ++i) o[i] *= 2; break;
  // CHECK-FIXES: {{^}}  case 1:{{ ?$}}
  // CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
  default: break;
  }
again:
  for (int i = 0; i < 2; ++i) o[i] += 3;
  // CHECK-FIXES: {{^}}again:{{$}}
  // CHECK-FIXES-NEXT: {{^}}  #pragma unroll{{$}}
	for (int i = 0; i < 3; ++i) o[i] += 4;
  // CHECK-FIXES: {{^}}	#pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}	for (int i = 0; i < 3; ++i) o[i] += 4;
  for (int i = 0;
       i < 5;
       ++i)
    o[i] -= 0.5f;
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0;{{$}}
  if (o[0] > 100.f) goto again;
}
