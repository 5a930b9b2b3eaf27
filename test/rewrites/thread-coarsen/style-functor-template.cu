// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// Thrust/CUB-like style: a kernel template over the element type and a
// functor, instantiated for float and double from a host helper template
// with a stream; size_t sizes and a const index.
#include <cuda_runtime.h>
#include <cstddef>

struct Relu {
  template <typename T> __device__ T operator()(T v) const { return v > T(0) ? v : T(0); }
};
struct Affine {
  float w, b;
  template <typename T> __device__ T operator()(T v) const { return T(w) * v + T(b); }
};

template <typename T, typename Op>
__global__ void transform_kernel(const T *__restrict__ in, T *__restrict__ out, std::size_t count, Op op) {
  const std::size_t gid = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (gid < count) out[gid] = op(in[gid]);
}
// CHECK-FIXES: {{^}}  if (gid < count / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) out[4 * gid + k] = op(in[4 * gid + k]);{{$}}
// CHECK-FIXES-NEXT: {{^}}  } else if (gid == count / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < count % 4; ++k) out[4 * gid + k] = op(in[4 * gid + k]);{{$}}

template <typename T, typename Op>
void transform(const T *in, T *out, std::size_t count, Op op, cudaStream_t stream) {
  constexpr unsigned kThreads = 256;
  const unsigned blocks = static_cast<unsigned>((count + kThreads - 1) / kThreads);
  transform_kernel<T, Op><<<blocks, kThreads, 0, stream>>>(in, out, count, op);
}
// CHECK-FIXES: {{^}}  transform_kernel<T, Op><<<(blocks + 3) / 4, kThreads, 0, stream>>>(in, out, count, op);{{$}}

void run(const float *fi, float *fo, const double *di, double *dout, std::size_t n, cudaStream_t s) {
  transform(fi, fo, n, Relu{}, s);
  transform(di, dout, n, Affine{2.f, 1.f}, s);
}
