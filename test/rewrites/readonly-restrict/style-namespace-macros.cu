// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Nested namespaces, a thread-index macro, an early-return macro, and a struct
// parameter without pointers (it cannot alias anything).
#define TID (blockIdx.x * blockDim.x + threadIdx.x)
#define IN_BOUNDS(i, n) if ((i) >= (n)) return
namespace ml { namespace kern {
struct Shape { int rows, cols; };
__global__ void bias_relu(const float *x, const float *bias, float *__restrict__ y, Shape s) {
// CHECK-FIXES: {{^}}__global__ void bias_relu(const float *__restrict__ x, const float *__restrict__ bias, float *__restrict__ y, Shape s) {
  const int i = TID;
  IN_BOUNDS(i, s.rows * s.cols);
  const int c = i % s.cols;
  float v = x[i] + bias[c];
  // CHECK-FIXES: {{^}}  float v = __ldg(&x[i]) + __ldg(&bias[c]);
  y[i] = v > 0.f ? v : 0.f;
}
} }
