// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=reverse
// Reverse on a template kernel carrying every kind of hint: `#pragma unroll`,
// `unroll 4`, `unroll (2)` and `unroll U` (a template parameter) are removed;
// `unroll 1` and `nounroll` forbid unrolling and stay.
// CHECK-FIXES-NOT: #pragma unroll{{$}}
// CHECK-FIXES-NOT: #pragma unroll 4
template <int U>
__global__ void hinted(float *o, int n) {
#pragma unroll
  for (int i = 0; i < 4; ++i) o[i] = 0;
  // CHECK-FIXES: {{^}}__global__ void hinted(float *o, int n) {{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 4; ++i) o[i] = 0;
#pragma unroll 4
  for (int i = 0; i < n; ++i) o[i] += 1;
  // CHECK-FIXES-NOT: #pragma
  // CHECK-FIXES: {{^}}  for (int i = 0; i < n; ++i) o[i] += 1;
#pragma unroll 1
  for (int i = 0; i < n; ++i) o[i] += 2;
  // CHECK-FIXES: {{^}}#pragma unroll 1{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < n; ++i) o[i] += 2;
#pragma nounroll
  for (int i = 0; i < n; ++i) o[i] += 3;
  // CHECK-FIXES: {{^}}#pragma nounroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < n; ++i) o[i] += 3;
  #pragma unroll U
  for (int i = 0; i < n; ++i) o[i] += 4;
  // CHECK-FIXES-NOT: #pragma
  // CHECK-FIXES: {{^}}  for (int i = 0; i < n; ++i) o[i] += 4;
  #pragma unroll (2)
  for (int i = 0; i < n; ++i) o[i] += 5;
  // CHECK-FIXES-NOT: #pragma
  // CHECK-FIXES: {{^}}  for (int i = 0; i < n; ++i) o[i] += 5;
}
template __global__ void hinted<2>(float *, int);
template __global__ void hinted<8>(float *, int);
