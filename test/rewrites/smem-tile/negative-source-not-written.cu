// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// The loop accumulates into global memory on every step: c may alias a or
// b, and a tile staged at the start of its 16 steps would miss what the
// steps before wrote. Calls that may write count too.
#include <cuda_runtime.h>

__global__ void accumulate_in_place(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'source-not-written' fails: line [[@LINE+1]] ('c[y * n + x]') writes memory (or calls code that may) inside the loop: a tile staged at the start of its steps could miss it [KL2503]
    c[y * n + x] += a[y * n + k] * b[k * n + x];
}

__device__ float record(float *log, float v) { return log[0] = v; }

__global__ void with_call(int n, const float *a, const float *b, float *c, float *log) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'source-not-written' fails: line [[@LINE+1]] ('record(log, a[y * n + k])') writes memory (or calls code that may) inside the loop: a tile staged at the start of its steps could miss it [KL2503]
    s += record(log, a[y * n + k]) * b[k * n + x];
  c[y * n + x] = s;
}

void run(int n, const float *a, const float *b, float *c, float *log) {
  dim3 g(n / 16, n / 16), t(16, 16);
  accumulate_in_place<<<g, t>>>(n, a, b, c);
  with_call<<<g, t>>>(n, a, b, c, log);
}
