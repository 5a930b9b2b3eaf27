// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2
// The element bound must be found and be the same for every element and
// thread: the coarsened kernel divides it by C and tests it per element.
#include <cuda_runtime.h>

// No bound test at all: the launch must be exact, which coarsening breaks.
__global__ void unguarded(float *y, const float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i];
}
// CHECK-MESSAGES: :[[@LINE-3]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'bound-known' fails: no 'if (i < N)' or 'if (i >= N) return;' follows the declaration of 'i' [KL1602]

// The bound is modified in the kernel.
__global__ void shrinking(float *y, int n) {
  n -= 1;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 0.f;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 2: precondition 'bound-known' fails: the bound reads 'n', which is modified at line [[@LINE-5]] [KL1602]

// The bound reads memory: nothing shows it is the same for every element.
__global__ void counted(float *y, const int *len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < *len)
    y[i] = 1.f;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 3: precondition 'bound-known' is unknown: the bound reads memory ('*len'); nothing shows it is the same for every element; no single --assume fact settles it (only --assume=all asserts every unknown) [KL1602]

// The index is read before its bound test.
__global__ void early(float *y, int *first, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float w = i * 0.5f;
  if (i < n)
    y[i] = w;
}
// CHECK-MESSAGES: :[[@LINE-5]]:7: error: cannot apply 'thread-coarsen' (forward) at site 4: precondition 'bound-known' fails: 'i' is read at line [[@LINE-4]], outside the element code its bound test guards [KL1602]

void run(float *y, const float *x, const int *len, int *f, int n) {
  unguarded<<<n / 256, 256>>>(y, x);
  shrinking<<<(n + 255) / 256, 256>>>(y, n);
  counted<<<(n + 255) / 256, 256>>>(y, len);
  early<<<(n + 255) / 256, 256>>>(y, f, n);
}
