// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=forward
// REQUIRES: nvcc
// Element code that uses INFINITY / NAN (math.h's macros expand to Clang's
// constant builtins __builtin_inff, __builtin_nanf) and a builtin math call:
// builtins that are const or pure write no memory, so the elements stay
// independent and the kernel is coarsened.
#include <cuda_runtime.h>
#include <math.h>

__global__ void clamp_finite(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i];
  if (v == INFINITY || v == -INFINITY) v = NAN;
  out[i] = __builtin_fabsf(v);
}
// CHECK-FIXES: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < n / 4) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    #pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < 4; ++k) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      float v = in[4 * i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}      if (v == INFINITY || v == -INFINITY) v = NAN;{{$}}
// CHECK-FIXES-NEXT: {{^}}      out[4 * i + k] = __builtin_fabsf(v);{{$}}

void clamp_finite_launch(const float *in, float *out, int n) {
  clamp_finite<<<(n + 255) / 256, 256>>>(in, out, n);
}
// CHECK-FIXES: {{^}}  clamp_finite<<<{{.*}}/ 4{{.*}}, 256>>>(in, out, n);{{$}}
