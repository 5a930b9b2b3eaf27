// nvcc's sm_32_intrinsics.h declares __ldca/__ldlu/__stcs/__stcg/__stwb for
// every scalar and vector type; Clang 22 has only __ldcg/__ldcs/__ldcv/__stwt,
// so llm.c-style streaming stores are undeclared without the prelude (exit 1).
// RUN: %klineage-rewrite --list-sites --rewrite=readonly-restrict --format=json %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=KL7
// RUN: %nvcc -arch=sm_90 -c %s -o %t.o
#include <cuda_runtime.h>

__global__ void residual_forward(float *out, const float *inp1, const float *inp2, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N)
    __stcs(out + idx, __ldcs(inp1 + idx) + __ldlu(inp2 + idx));
}
// CHECK: "function": "residual_forward"

__global__ void copy4(float4 *dst, const float4 *src, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 v = __ldca(src + i);
    __stcg(dst + i, v);
    __stwb(reinterpret_cast<int *>(dst) + i, 0);
  }
}
// CHECK: "function": "copy4"
