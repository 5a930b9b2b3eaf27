// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse
// REQUIRES: nvcc
// Reverse of a grid-stride loop: the PTX no longer reads gridDim
// (%nctaid.x) nor loops; the launch covers n with one thread per element.
#include <cuda_runtime.h>

// CHECK-PTX-BEFORE-LABEL: .entry {{.*}}relu
// CHECK-PTX-BEFORE: %nctaid.x
// CHECK-PTX-LABEL: .entry {{.*}}relu
// CHECK-PTX-NOT: %nctaid.x
// CHECK-PTX-NOT: bra.uni
// CHECK-PTX: ret;
__global__ void relu(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = x[i] > 0.f ? x[i] : 0.f;
}
// CHECK-FIXES: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n){{$}}

void run(const float *x, float *y, int n, int sms) { relu<<<sms * 8, 256>>>(x, y, n); }
// CHECK-FIXES: {{^}}void run(const float *x, float *y, int n, int sms) { relu<<<(n + 255) / 256, 256>>>(x, y, n); }{{$}}
