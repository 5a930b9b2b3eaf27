// RUN: %check-rewrite %s %t --rewrite=readonly-restrict --direction=forward
// Grid-stride loop over size_t indices with casts in the bound and the step;
// the output is already __restrict__, so no assumption is needed.
__global__ void scale_gs(const float* in, float* __restrict__ out, size_t n, float s) {
// CHECK-FIXES: {{^}}__global__ void scale_gs(const float* __restrict__ in, float* __restrict__ out, size_t n, float s) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    out[i] = s * in[i];
    // CHECK-FIXES: {{^}}    out[i] = s * __ldg(&in[i]);
  }
}
