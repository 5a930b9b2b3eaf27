// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward -- --assume=reassociate
// Early returns at the top of the body (`if (i >= n) return;`, a braced one,
// a second guard on the data, a last `return;`): each guard becomes a
// condition around the rest of the body, so every thread of the block
// reaches the reduction after it; a floating guard is negated as !(...)
// (a NaN element still leaves). size_t index, templated element type.
#include <cuda_runtime.h>

__global__ void count_matches(const int *keys, int n, int key, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const int k = keys[i];
  if (k == key)
    atomicAdd(count, 1);
}
// CHECK-FIXES:      {{^}}  int block_sum = 0;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const int k = keys[i];{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (k == key){{$}}
// CHECK-FIXES-NEXT: {{^}}      block_sum += 1;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES:      {{^}}  __syncthreads();{{$}}
// CHECK-FIXES:      {{^}}    atomicAdd(count, block_sum);{{$}}

template <typename T>
__global__ void sum_positive(const T *x, size_t n, T *total) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) { return; }
  if (x[i] < T(0))
    return;
  atomicAdd(total, x[i]);
  return;
}
// CHECK-FIXES:      {{^}}  T block_sum = T(-0.0);{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (!(x[i] < T(0))) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      block_sum += x[i];{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES:      {{^}}    atomicAdd(total, block_sum);{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void launch(const int *keys, int n, int key, int *count, const float *x, float *total, cudaStream_t s) {
  count_matches<<<(n + 255) / 256, 256, 0, s>>>(keys, n, key, count);
  sum_positive<float><<<(n + 127) / 128, 128, 0, s>>>(x, n, total);
}
