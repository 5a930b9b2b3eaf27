// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward --expect-exit=2
// The launch grid must shrink with the coarsening: a kernel whose launches
// are not all in this file and editable is unknown, settled by
// --assume=grid-edit-external:KERNEL (then no launch is edited;
// forward-grid-edit-external.cu).
#include <cuda_runtime.h>

// Launched from another file.
__global__ void external(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 0.f;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 1: precondition 'launch-editable' is unknown: no launch of 'external' is in this file; its grid must change with the rewrite; assert it with --assume=grid-edit-external:external if it is true [KL1604]

// Its address escapes: it may be launched where no launch is seen.
__global__ void escaped(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 1.f;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 2: precondition 'launch-editable' is unknown: 'escaped' is used at line {{[0-9]+}} other than in a launch; it may be launched where no launch is seen; assert it with --assume=grid-edit-external:escaped if it is true [KL1604]

// Launched through a macro.
#define LAUNCH(k, n, ...) k<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)
__global__ void macro_launched(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.f;
}
// CHECK-MESSAGES: :[[@LINE-4]]:7: error: cannot apply 'thread-coarsen' (forward) at site 3: precondition 'launch-editable' is unknown: the <<<>>> launch at line {{[0-9]+}} is spelled by a macro or outside this file; assert it with --assume=grid-edit-external:macro_launched if it is true [KL1604]

void (*table[])(float *, int) = {escaped};

void run(float *y, int n) {
  escaped<<<(n + 255) / 256, 256>>>(y, n);
  LAUNCH(macro_launched, n, y, n);
}
