// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse
// REQUIRES: nvcc
// CUB-like hand coarsening: ITEMS elements per thread as a template
// parameter, strided through the block's tile with `#pragma unroll`, the
// bound test first. Reverse gives one element per thread; the grid sized
// for ITEMS * threads elements per block is rewritten to cover n.
#include <cuda_runtime.h>

template <int ITEMS, int THREADS>
__global__ void __launch_bounds__(THREADS) clamp_tile(const float *in, float *out, int n, float lo, float hi) {
  int idx = blockIdx.x * THREADS * ITEMS + threadIdx.x;
#pragma unroll
  for (int item = 0; item < ITEMS; ++item, idx += blockDim.x) {
    if (idx >= n) return;
    out[idx] = fminf(fmaxf(in[idx], lo), hi);
  }
}
// CHECK-FIXES: {{^}}  int idx = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (idx >= n) return;{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[idx] = fminf(fmaxf(in[idx], lo), hi);{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void clamp(const float *in, float *out, int n) {
  constexpr int kItems = 4, kThreads = 128;
  const int tile = kItems * kThreads;
  clamp_tile<kItems, kThreads><<<(n + tile - 1) / tile, kThreads>>>(in, out, n, -1.f, 1.f);
}
// CHECK-FIXES: {{^}}  clamp_tile<kItems, kThreads><<<(n + 127) / 128, kThreads>>>(in, out, n, -1.f, 1.f);{{$}}
