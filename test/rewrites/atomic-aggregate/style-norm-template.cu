// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward -- --assume=reassociate
// Library style: a templated squared norm over size_t indices with a
// precomputed stride, restrict-qualified input, instantiated for float and
// double from a launcher that takes a stream. The accumulator is spelled
// with the template's parameter, so both instantiations edit the text alike
// (its start, T(-0.0), is -0.0 for either type).
#include <cuda_runtime.h>
#include <cstddef>

namespace blas {

template <typename T>
__global__ void squared_norm_kernel(const T *__restrict__ x, std::size_t n, T *__restrict__ out) {
  const std::size_t stride = static_cast<std::size_t>(blockDim.x) * gridDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const T v = x[i];
    atomicAdd(out, v * v);
  }
}
// CHECK-FIXES:      {{^}}  T block_sum = T(-0.0);
// CHECK-FIXES-NEXT: {{^}}  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
// CHECK-FIXES-NEXT: {{^}}    const T v = x[i];
// CHECK-FIXES-NEXT: {{^}}    block_sum += v * v;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __shared__ T block_sum_warps[32];
// CHECK-FIXES:      {{^}}    atomicAdd(out, block_sum);

template <typename T>
void squared_norm(const T *x, std::size_t n, T *out, cudaStream_t stream) {
  constexpr int kThreads = 256;
  const int blocks = static_cast<int>((n + kThreads - 1) / kThreads) < 1024
                         ? static_cast<int>((n + kThreads - 1) / kThreads)
                         : 1024;
  cudaMemsetAsync(out, 0, sizeof(T), stream);
  squared_norm_kernel<T><<<blocks, kThreads, 0, stream>>>(x, n, out);
}

template void squared_norm<float>(const float *, std::size_t, float *, cudaStream_t);
template void squared_norm<double>(const double *, std::size_t, double *, cudaStream_t);

} // namespace blas
