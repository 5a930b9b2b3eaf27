// RUN: %check-rewrite %s %t --rewrite=atomic-aggregate --direction=forward
// Validation kernels: a `for` loop over the grid with `continue` for
// entries to skip, bit flags collected with atomicOr, a `bool`-like int
// "all finite" flag kept with atomicAnd, and the first index of a key with
// atomicMin in a loop that `break`s. Exits inside the loop stay inside the
// aggregated statement (the loop), so every thread still reaches the
// reduction after it.
#include <cuda_runtime.h>

enum : unsigned { kNegative = 1u, kZero = 2u, kNaN = 4u };

__global__ void scan_flags(const float *__restrict__ v, int n, unsigned *__restrict__ flags,
                           int *__restrict__ all_finite) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const float x = v[i];
    if (x > 0.0f)
      continue;
    unsigned f = x < 0.0f ? kNegative : x == 0.0f ? kZero : kNaN;
    atomicOr(flags, f);
    atomicAnd(all_finite, isfinite(x) ? 1 : 0);
  }
}
// CHECK-FIXES:      {{^}}  unsigned int block_or = 0u;
// CHECK-FIXES-NEXT: {{^}}  int block_and = ~0;
// CHECK-FIXES:      {{^}}    block_or |= f;
// CHECK-FIXES-NEXT: {{^}}    block_and &= isfinite(x) ? 1 : 0;
// CHECK-FIXES:      {{^}}    atomicOr(flags, block_or);
// CHECK-FIXES:      {{^}}    atomicAnd(all_finite, block_and);

__global__ void find_first(const int *keys, int n, int key, int *first) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (keys[i] == key) {
      atomicMin(first, i);
      break;
    }
  }
}
// CHECK-FIXES:      {{^}}  int block_min = 2147483647;
// CHECK-FIXES:      {{^}}      block_min = min(block_min, i);
// CHECK-FIXES-NEXT: {{^}}      break;
// CHECK-FIXES:      {{^}}    atomicMin(first, block_min);

void validate(const float *v, int n, unsigned *flags, int *finite, const int *keys, int key, int *first,
              cudaStream_t s) {
  scan_flags<<<160, 128, 0, s>>>(v, n, flags, finite);
  find_first<<<160, 128, 0, s>>>(keys, n, key, first);
}
