// The front end parses real CUDA: runtime, fp16, cooperative groups, cuda/std,
// templates, macros, several kernels and a host launcher in one file.
// RUN: %klineage-rewrite --list-sites --rewrite=loop-unroll --direction=forward --format=json %s | FileCheck %s
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <cuda/std/type_traits>

namespace cg = cooperative_groups;
#define IDX(r, c, ld) ((r) * (ld) + (c))

template <typename T, int K>
__global__ void rowdot(const T *a, T *out, int ld) {
  static_assert(cuda::std::is_arithmetic<T>::value, "arithmetic");
  T acc = T(0);
  for (int k = 0; k < K; ++k)
    acc += a[IDX(blockIdx.x, k, ld)];
  out[blockIdx.x] = acc;
}
// CHECK: "function": "rowdot"

__global__ void halfscale(__half *h, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = block.group_index().x * block.size() + block.thread_rank();
  if (i < n)
    h[i] = __hmul(h[i], __float2half(2.0f));
  block.sync();
}

void launch(const float *a, float *out, int rows, int ld) {
  rowdot<float, 8><<<rows, 1>>>(a, out, ld);
  rowdot<double, 8><<<rows, 1>>>(reinterpret_cast<const double *>(a), reinterpret_cast<double *>(out), ld);
  for (int i = 0; i < 3; ++i) // host loop: never a site
    cudaDeviceSynchronize();
}
// A host loop is reported, but never applicable: device-code fails.
// CHECK: "applicable": false,
// CHECK: "function": "launch",
// CHECK: "name": "device-code",
// CHECK-NEXT: "reason": "{{.*}}",
// CHECK-NEXT: "status": "fails"
