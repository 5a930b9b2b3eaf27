// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --option=mode=grid-stride --assume=max:relu.n:100000000
// REQUIRES: nvcc
// Grid-stride forward: the PTX of the kernel reads gridDim (%nctaid.x) for
// the loop's step and branches back; before, it did neither.
#include <cuda_runtime.h>

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}relu
// CHECK-PTX-BEFORE-NOT: %nctaid.x
// CHECK-PTX-BEFORE: ret;
// CHECK-PTX-LABEL: .entry {{.*}}relu
// CHECK-PTX: %nctaid.x
// CHECK-PTX: [[LOOP:\$L__BB[0-9_]+]]:
// CHECK-PTX: bra {{.*}}[[LOOP]];
__global__ void relu(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] > 0.f ? x[i] : 0.f;
}
// CHECK-FIXES: {{^}}  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x){{$}}

void run(const float *x, float *y, int n) { relu<<<(n + 255) / 256, 256>>>(x, y, n); }
