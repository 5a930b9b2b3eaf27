// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// A kernel template over the element type and a functor (the load is passed
// by value to the functor's operator()), and a lambda capturing the
// pointer by copy.
template <typename T, typename F>
__global__ void map_kernel(const T *in, T *__restrict__ out, int n, F f) {
// CHECK-FIXES: {{^}}__global__ void map_kernel(const T *__restrict__ in, T *__restrict__ out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
  // CHECK-FIXES: {{^}}  if (i < n) out[i] = f(__ldg(&in[i]));
}
struct Sq { __device__ float operator()(float v) const { return v * v; } };
void go(const float *a, float *b, int n) {
  map_kernel<<<1, 32>>>(a, b, n, Sq{});
}
__global__ void lam(const float *x, float *__restrict__ y, int n) {
// CHECK-FIXES: {{^}}__global__ void lam(const float *__restrict__ x, float *__restrict__ y, int n) {
  auto at = [=](int j) { return x[j]; };
  // CHECK-FIXES: {{^}}  auto at = [=](int j) { return __ldg(&x[j]); };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = at(i) + at(i > 0 ? i - 1 : i);
}
