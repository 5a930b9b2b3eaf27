// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Threads the guard keeps out of the loop must reach its barriers, so the
// guard is split -- unless that would make them run code that touches
// memory: a store before the loop, a read the rewrite does not stage (the
// bias, per thread), or a loop nested in a second, per-thread condition.
#include <cuda_runtime.h>

__global__ void store_before(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < n && y < n) {
    c[y * n + x] = 0;
    float s = 0;
    for (int k = 0; k < n; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'barriers-reachable' fails: line [[@LINE-3]] ('c[y * n + x] = 0') runs before the loop under the guard and touches memory: threads the guard keeps out would run it [KL2505]
      s += a[y * n + k] * b[k * n + x];
    c[y * n + x] += s;
  }
}

__global__ void unstaged_read(int n, const float *a, const float *b, const float *bias, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < n && y < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'barriers-reachable' fails: line [[@LINE+1]] ('bias[y * n + x]') in the loop is not staged and touches memory: threads the guard keeps out would run it [KL2505]
      s += a[y * n + k] * b[k * n + x] + bias[y * n + x];
    c[y * n + x] = s;
  }
}

__global__ void nested_guard(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (y < n) {
    if (x < n) {
      float s = 0;
      for (int k = 0; k < n; ++k)
      // CHECK-MESSAGES: :[[@LINE-1]]:7: error: cannot apply 'smem-tile' (forward) at site 3: precondition 'barriers-reachable' fails: the guard line [[@LINE-3]] ('x < n') itself runs under control that differs between threads (line [[@LINE-4]] ('y < n')) [KL2505]
        s += a[y * n + k] * b[k * n + x];
      c[y * n + x] = s;
    }
  }
}

void run(int n, const float *a, const float *b, const float *bias, float *c) {
  dim3 g((n + 15) / 16, (n + 15) / 16), t(16, 16);
  store_before<<<g, t>>>(n, a, b, c);
  unstaged_read<<<g, t>>>(n, a, b, bias, c);
  nested_guard<<<g, t>>>(n, a, b, c);
}
