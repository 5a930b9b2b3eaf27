// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=forward -- --assume=all
// Per-lane guards whose bound `n` is only asserted to be a multiple of 4 by
// --assume=all (tail-covered unknown, asserted): the guards are merged as
// with --assume=multiple:n:4, and the loads under them join the store's
// site. (Before, the site was built without edits and refused with KL103.)
__global__ void scale(const float *x, float *y, int n) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = 2.f * x[i];
  if (i + 1 < n) y[i + 1] = 2.f * x[i + 1];
  if (i + 2 < n) y[i + 2] = 2.f * x[i + 2];
  if (i + 3 < n) y[i + 3] = 2.f * x[i + 3];
  // CHECK-FIXES: {{^}}  if (i < n) {{{$}}
  // CHECK-FIXES-NEXT: {{^}}    const float4 x_v0 = *reinterpret_cast<const float4*>(&x[i]);{{$}}
  // CHECK-FIXES-NEXT: {{^}}    *reinterpret_cast<float4*>(&y[i]) = make_float4(2.f * x_v0.x, 2.f * x_v0.y, 2.f * x_v0.z, 2.f * x_v0.w);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  }{{$}}
}
