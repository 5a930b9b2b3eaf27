// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward --expect-exit=2
// Reads whose address the rewrite cannot recompute for another step: a row
// chosen per thread (a local whose value depends on a per-thread branch), an
// index quadratic in the counter. A loop whose reads no two threads of the
// block share (an element per thread: its index reads threadIdx.x and
// threadIdx.y) is no site at all.
#include <cuda_runtime.h>

__global__ void per_thread(int n, const float *a, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += a[(y * n + x) * n + k];
  c[y * n + x] = s;
}

__global__ void chosen_row(int n, const float *a, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  int r = y;
  if (x & 1)
    r = n - 1 - y;
  float s = 0;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 1: precondition 'reused-reads-affine' fails: no read the threads of a block share: line [[@LINE+1]] ('a[r * n + k]'): its address depends on a value that differs between threads ('r') [KL2502]
    s += a[r * n + k];
  c[y * n + x] = s;
}

__global__ void quadratic(int n, const float *a, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float s = 0;
  for (int k = 0; k < n; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cannot apply 'smem-tile' (forward) at site 2: precondition 'reused-reads-affine' fails: no read the threads of a block share: line [[@LINE+1]] ('a[y * n + k * k]'): its index is not an affine form of the counter [KL2502]
    s += a[y * n + k * k];
  c[y * n + x] = s;
}

void run(int n, const float *a, float *c) {
  dim3 g(n / 16, n / 16), t(16, 16);
  per_thread<<<g, t>>>(n, a, c);
  chosen_row<<<g, t>>>(n, a, c);
  quadratic<<<g, t>>>(n, a, c);
}
