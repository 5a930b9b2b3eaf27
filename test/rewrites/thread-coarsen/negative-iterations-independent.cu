// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2
// Elements that depend on each other, or on which thread or block runs
// them, cannot be handed to one thread in a loop. Each kernel is refused by
// iterations-independent; nothing is written.
#include <cuda_runtime.h>

// Reads an output at another element's index.
__global__ void shift(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] + y[i + 1];
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'iterations-independent' fails: the element code reads 'y[i + 1]' (line [[@LINE-2]]) and writes 'y[i]' at line [[@LINE-2]]: one is another element's part of 'y' [KL1601]

// Every element writes the same location.
__global__ void last(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[0] = x[i];
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 2: precondition 'iterations-independent' fails: the store 'y[0]' at line [[@LINE-2]] does not depend on the element: every element writes the same location [KL1601]

// A barrier in the element code.
__global__ void synced(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = 1.f;
    __syncthreads();
  }
}
// CHECK-MESSAGES: :[[@LINE-6]]:7: error: cannot apply 'thread-coarsen' (forward) at site 3: precondition 'iterations-independent' fails: the element code synchronises the block (__syncthreads): every element would wait for the others [KL1601]

// A warp shuffle in a helper the element code calls.
__device__ float neighbour(float v) { return __shfl_down_sync(0xffffffffu, v, 1); }
__global__ void shuffled(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = neighbour(x[i]);
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 4: precondition 'iterations-independent' fails: the element code calls the warp collective '__shfl_down_sync', whose result depends on which threads run together [KL1601]

// A local declared before the element code carries a value across elements.
__global__ void running(const float *x, float *y, int n) {
  float acc = 0.f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    acc += x[i];
    y[i] = acc;
  }
}
// CHECK-MESSAGES: :[[@LINE-6]]:7: error: cannot apply 'thread-coarsen' (forward) at site 5: precondition 'iterations-independent' fails: 'acc' is declared outside the element code and written in it (line [[@LINE-4]]): it carries a value from one element to the next [KL1601]

// Shared memory.
__global__ void staged(const float *x, float *y, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tile[0] = x[i];
    y[i] = tile[0];
  }
}
// CHECK-MESSAGES: :[[@LINE-6]]:7: error: cannot apply 'thread-coarsen' (forward) at site 6: precondition 'iterations-independent' fails: the element code reads or writes shared memory 'tile', which the threads of a block share [KL1601]

// Code outside the element code with a side effect: it runs once per thread.
__global__ void counted(const float *x, float *y, int *calls, int n) {
  atomicAdd(calls, 1);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i];
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 7: precondition 'iterations-independent' fails: the call 'atomicAdd(calls, 1)' at line [[@LINE-5]] runs once per thread, outside the element code: the rewrite changes how many threads run it [KL1601]

void run(float *y, const float *x, int *c, int n) {
  shift<<<(n + 255) / 256, 256>>>(y, x, n);
  last<<<(n + 255) / 256, 256>>>(y, x, n);
  synced<<<(n + 255) / 256, 256>>>(y, n);
  shuffled<<<(n + 255) / 256, 256>>>(x, y, n);
  running<<<(n + 255) / 256, 256>>>(x, y, n);
  staged<<<(n + 255) / 256, 256>>>(x, y, n);
  counted<<<(n + 255) / 256, 256>>>(x, y, c, n);
}
