// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A __device__ template in nested namespaces, called with two sizes. One
// pragma line serves every instantiation, so the site is refused when any
// instantiation is over max-full-unroll (128 > 64): the 16-wide one alone
// would be fine (see dot_small, instantiated with 8 and 16).
namespace ops {
namespace detail {
template <int R>
__device__ float dot_row(const float *__restrict__ a, const float *__restrict__ b) {
  float s = 0.f;
  for (int k = 0; k < R; ++k) s = fmaf(a[k], b[k], s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'loop-unroll' (forward) at site 1: precondition 'trip-count-limit' fails: 128 iterations exceed max-full-unroll=64{{.*}} [KL1204]
  return s;
}
template <int R>
__device__ float dot_small(const float *a) {
  float s = 0.f;
  for (int k = R - 1; k >= 0; k -= 1) s += a[k];
  // CHECK-FIXES: {{^}}  #pragma unroll{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int k = R - 1; k >= 0; k -= 1) s += a[k];
  return s;
}
} // namespace detail
__global__ void matvec(const float *A, const float *x, float *y, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) y[r] = detail::dot_row<16>(A + r * 16, x) + detail::dot_small<8>(x);
  if (r < rows) y[r] += detail::dot_row<128>(A + r * 128, x) + detail::dot_small<16>(x);
}
} // namespace ops
