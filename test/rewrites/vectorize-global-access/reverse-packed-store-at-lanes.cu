// RUN: %check-rewrite %s %t --rewrite=vectorize-global-access --direction=reverse
// REQUIRES: nvcc
// A packed store of a register temporary whose lanes are each assigned once
// before it (llm.c's `x128 packed_out; for (k < size) packed_out[k] = ...;
// store128(out + i, packed_out);`, or one assignment per constant lane):
// each lane is stored where it is computed and the temporary goes, so the
// kernel reads as one loop over its elements. Kept as scalar stores at the
// packed store when a lane is also read, when a jump could skip the store,
// when the lanes of a packed load read in between (loaded at their uses by
// the load's reverse) may alias the destination, or when the destination's
// address is not yet what it will be at the store.
#include "../../corpus/llmc_common.cuh"

typedef Packed128<float> x128;

__global__ void gelu_lanes(float *__restrict__ out, const float *__restrict__ inp, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  if (i < n) {
    x128 packed_out;
    x128 packed_inp = load128cs(inp + i); // streaming: read once
#pragma unroll
    for (int k = 0; k < packed_inp.size; ++k) {
      float xi = packed_inp[k];
      packed_out[k] = 0.5f * xi * (1.0f + tanhf(0.79788456f * (xi + 0.044715f * xi * xi * xi)));
    }
    store128(out + i, packed_out);
  }
}
// CHECK-FIXES:      {{^}}  if (i < n) {{{$}}
// CHECK-FIXES-NEXT: {{^}}#pragma unroll{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int k = 0; k < x128::size; ++k) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      float xi = inp[i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}      out[i + k] = 0.5f * xi * (1.0f + tanhf(0.79788456f * (xi + 0.044715f * xi * xi * xi)));{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

__global__ void scale_const_lanes(float *__restrict__ y, float a, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  x128 t;
  t[0] = a * i;
  t[1] = a * (i + 1);
  t[2] = a * (i + 2);
  t[3] = a * (i + 3);
  store128(y + i, t);
}
// CHECK-FIXES:      {{^}}  y[i] = a * i;{{$}}
// CHECK-FIXES-NEXT: {{^}}  y[i + 1] = a * (i + 1);{{$}}
// CHECK-FIXES-NEXT: {{^}}  y[i + 2] = a * (i + 2);{{$}}
// CHECK-FIXES-NEXT: {{^}}  y[i + 3] = a * (i + 3);{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

// A lane is read back: the temporary stays, the store is split in place.
__global__ void lane_read(float *__restrict__ y, float *__restrict__ s, const float *__restrict__ x) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  x128 t;
  for (int k = 0; k < 4; ++k)
    t[k] = x[i + k] * 2.f;
  s[i / 4] = t[0];
  store128(y + i, t);
}
// CHECK-FIXES:      {{^}}  s[i / 4] = t[0];{{$}}
// CHECK-FIXES-NEXT: {{^}}  y[i] = t[0];{{$}}
// CHECK-FIXES-NEXT: {{^}}  y[i + 1] = t[1];{{$}}

// In place, x both loaded and stored: the load's lanes, read at their uses,
// would come after earlier lanes are stored; the store stays after the loop.
__global__ void in_place(float *x) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  x128 v = load128cs(x + i);
  x128 w;
  for (int k = 0; k < 4; ++k)
    w[k] = v[k] * 2.f;
  store128(x + i, w);
}
// CHECK-FIXES:      {{^}}    w[k] = x[i + k] * 2.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  x[i] = w[0];{{$}}

// Pointers that may alias (not __restrict__, no --assume=noalias): the
// lanes of the input, loaded where they are read, could see early stores.
__global__ void maybe_aliased(float *out, const float *inp) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  x128 a = load128cs(inp + i);
  x128 b;
  for (int k = 0; k < 4; ++k)
    b[k] = -a[k];
  store128(out + i, b);
}
// CHECK-FIXES:      {{^}}    b[k] = -inp[i + k];{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[i] = b[0];{{$}}

// The destination's address changes, or is declared, after the lanes are
// assigned: stored there, the lanes would go elsewhere or not compile.
__global__ void address_moves(float *__restrict__ out, const float *__restrict__ a, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  x128 t;
  for (int k = 0; k < 4; ++k)
    t[k] = a[i + k] * 3.f;
  i += n;
  store128(out + i, t);
}
// CHECK-FIXES:      {{^}}    t[k] = a[i + k] * 3.f;{{$}}
// CHECK-FIXES-NEXT: {{^}}  i += n;{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[i] = t[0];{{$}}

__global__ void address_later(float *__restrict__ out, const float *__restrict__ a) {
  x128 t;
  for (int k = 0; k < 4; ++k)
    t[k] = a[k] * 3.f;
  int j = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  store128(out + j, t);
}
// CHECK-FIXES:      {{^}}  int j = (blockIdx.x * blockDim.x + threadIdx.x) * 4;{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[j] = t[0];{{$}}

void run(float *out, const float *inp, float *y, float *s, float *x, int n) {
  gelu_lanes<<<n / 2048, 512>>>(out, inp, n);
  scale_const_lanes<<<n / 2048, 512>>>(y, 2.f, n);
  lane_read<<<n / 2048, 512>>>(y, s, x);
  in_place<<<n / 2048, 512>>>(x);
  maybe_aliased<<<n / 2048, 512>>>(out, inp);
  address_moves<<<n / 2048, 512>>>(out, inp, n);
  address_later<<<n / 2048, 512>>>(out, inp);
}
