// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward -- --assume=grid-edit-external:external
// A kernel launched elsewhere: with --assume=grid-edit-external:KERNEL the
// user takes care of its launches, and the kernel alone is rewritten
// (launch-editable holds, nothing outside the kernel changes). Still
// correct with the old grid: the extra threads find no element.
#include <cuda_runtime.h>

__global__ void external(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 0.f;
}
// CHECK-FIXES: {{^}}  if (i < n / 4) {{[{]}}{{$}}
// CHECK-FIXES: {{^}}    for (int k = 0; k < 4; ++k){{$}}
// CHECK-FIXES-NEXT: {{^}}      y[4 * i + k] = 0.f;{{$}}
