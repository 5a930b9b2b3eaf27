// Functors, lambdas in device code, namespaces, static device helpers and a
// generic grid-stride for_each; half precision through cuda_fp16.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace kern {
namespace detail {
template <typename F>
__device__ void grid_stride(int64_t n, F f) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x) f(i);
}
static __device__ __forceinline__ float sigmoid(float x) { return 1.0f / (1.0f + __expf(-x)); }
} // namespace detail

struct Silu {
  __device__ float operator()(float x) const { return x * detail::sigmoid(x); }
};

template <typename Op>
__global__ void map_kernel(const float *in, float *out, int64_t n, Op op) {
  detail::grid_stride(n, [=](int64_t i) { out[i] = op(in[i]); });
}

__global__ void swiglu(const float *gate, const float *up, float *out, int n) {
  auto silu = [](float x) { return x / (1.0f + expf(-x)); };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = silu(gate[i]) * up[i];
}

__global__ void half_axpy(const __half *x, __half *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __float2half(a * __half2float(x[i]) + __half2float(y[i]));
}

__global__ void scale_pairs(const float *in, float *out, uint32_t n, float s) {
  uint32_t i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 1 < n) {
    out[i] = in[i] * s;
    out[i + 1] = in[i + 1] * s;
  }
}
} // namespace kern

void launch_all(const float *in, float *out, int n) {
  kern::map_kernel<<<128, 256>>>(in, out, (int64_t)n, kern::Silu{});
  kern::swiglu<<<(n + 255) / 256, 256>>>(in, in, out, n);
  kern::half_axpy<<<(n + 255) / 256, 256>>>((const __half *)in, (__half *)out, 2.0f, n);
  kern::scale_pairs<<<(n / 2 + 255) / 256, 256>>>(in, out, n, 0.5f);
}
