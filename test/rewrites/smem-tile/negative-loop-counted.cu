// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Loops the rewrite cannot split into tiles of consecutive steps: a counter
// stepping by two, a body that leaves early, a bound that differs between
// the threads of a block (they would not agree on the number of tiles).
#include <cuda_runtime.h>

__global__ void step_two(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; k += 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'loop-counted' fails: the counter 'k' does not step by one [KL2501]
    s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s;
}

__global__ void early_exit(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'loop-counted' fails: the body leaves the loop early (line [[@LINE+2]] ('break')) [KL2501]
    if (s > 1e30f)
      break;
    s += a[y * n + k] * b[k * n + x];
  }
  c[y * n + x] = s;
}

__global__ void triangle(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k <= y; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 3: precondition 'loop-counted' fails: 'y' differs between the threads of a block (threadIdx.y): they would not agree on the tiles [KL2501]
    s += a[y * n + k] * b[k * n + x];
  c[y * n + x] = s;
}

void run(int n, const float *a, const float *b, float *c) {
  dim3 g(n / 16, n / 16), t(16, 16);
  step_two<<<g, t>>>(n, a, b, c);
  early_exit<<<g, t>>>(n, a, b, c);
  triangle<<<g, t>>>(n, a, b, c);
}
