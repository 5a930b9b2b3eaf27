// RUN: %check-rewrite %s %t --rewrite=loop-unroll --direction=forward --expect-exit=2
// A struct of arguments, a range-for over a member array of a local struct,
// a 2-D row*ld+col index through a macro with a local const bound, and two
// loops a full unroll cannot take: a size_t grid-stride loop and a bound read
// from the struct parameter.
#include <cstddef>
#define IDX2(r, c, ld) ((r) * (ld) + (c))
struct Vec4 { float v[4]; };
struct Args { const float *in; float *out; int n; int ld; };

__global__ void by_struct(Args args) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < args.n) {
    Vec4 x = reinterpret_cast<const Vec4 *>(args.in)[i];
    for (float &e : x.v) e *= 2.f;
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (float &e : x.v) e *= 2.f;
    const int COLS = 4;
    for (int c = 0; c < COLS; c++) args.out[IDX2(i, c, args.ld)] = x.v[c];
    // CHECK-FIXES: {{^}}    #pragma unroll{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < COLS; c++)
    for (int k = 0; k < args.n; ++k) args.out[k] += 1.f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: cannot apply 'loop-unroll' (forward) at site 3: precondition 'constant-trip-count' fails: bound: 'args.n' is not a compile-time constant ('args.n' is known only at run time){{.*}} [KL1203]
  }
}

__global__ void saxpy_gs(std::size_t n, float a, const float *x, float *y) {
  for (std::size_t i = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; i < n;
       i += (std::size_t)gridDim.x * blockDim.x)
    // CHECK-MESSAGES: :[[@LINE-2]]:3: error: cannot apply 'loop-unroll' (forward) at site 4: precondition 'constant-trip-count' fails: start value: {{.*}}('blockIdx.x' is known only at run time){{.*}} [KL1203]
    y[i] = a * x[i] + y[i];
}
