// nvcc accepts a __shared__ cuda::barrier (warning #20054-D); Clang refuses
// it ("initialization is not supported for __shared__ variables": the
// block-scope barrier's destructor has a body), marks it invalid, and the
// file fails (exit 1). The prelude's override of
// cuda/__barrier/barrier_block_scope.h empties that body for the parse, so
// the kernel is analysed with a valid `bar` (init(&bar, n) resolves).
// RUN: %klineage-rewrite --list-sites --format=json %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=KL7
// RUN: %nvcc -arch=sm_90 -c %s -o %t.o
#include <cuda/barrier>
#include <cuda_runtime.h>

__global__ void staged(const float *in, float *out, int n) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[256];
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;
  bar.arrive_and_wait();
  float s = 0.0f;
  for (int k = 0; k < 4; ++k)
    s += tile[(threadIdx.x + k) % blockDim.x];
  if (i < n)
    out[i] = s;
}
// CHECK: "function": "staged"
// CHECK: "rewrite": "loop-unroll"
// CHECK: "function": "staged"
// CHECK: "rewrite": "readonly-restrict"
