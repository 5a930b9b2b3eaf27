// RUN: %klineage-rewrite --rewrite=smem-tile --direction=forward %s -o %t.fwd.cu
// RUN: %klineage-rewrite --rewrite=smem-tile --direction=reverse %t.fwd.cu -o %t.back.cu
// RUN: grep -v "CHECK" %t.back.cu | FileCheck %s
// RUN: %nvcc -c %t.back.cu -o %t.o
// REQUIRES: nvcc
// Forward then reverse: the staged reads come back as the global reads (the
// staged k0 + threadIdx.x read at k - k0 folds to k) under the staging's
// kept guard terms; `k < n` goes where the loops and ifs around the read
// imply it (k <= k0 + 15 < n in the whole-tile branch). The loop stays
// split into tiles, versioned,
// and the guard stays split, so the text is not the input's (the loop nest is one tile loop
// around the original loop, which loop fusion would undo), but it is the
// same computation with no shared memory and no barrier.
#include <cuda_runtime.h>

__global__ void mm(int n, const float *a, const float *b, float *c) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < n && y < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += a[y * n + k] * b[k * n + x];
    c[y * n + x] = s;
  }
}

// CHECK:      {{^}}    float s = 0;{{$}}
// CHECK-NEXT: {{^}}  for (int k0 = 0; k0 < n; k0 += 16) {{{$}}
// CHECK-NEXT: {{^}}    if (k0 + 15 < n) {{{$}}
// CHECK-NEXT: {{^}}      for (int k = k0; k < k0 + 16; ++k){{$}}
// CHECK-NEXT: {{^}}        s += (y < n ? a[y * n + k] : 0) * (x < n ? b[k * n + x] : 0);{{$}}
// CHECK-NEXT: {{^}}    } else {{{$}}
// CHECK-NEXT: {{^}}      for (int k = k0; k < k0 + 16 && k < n; ++k){{$}}
// CHECK-NEXT: {{^}}        s += (y < n ? a[y * n + k] : 0) * (x < n ? b[k * n + x] : 0);{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NOT: __shared__
// CHECK-NOT: __syncthreads

void run(int n, const float *a, const float *b, float *c) {
  mm<<<dim3((n + 15) / 16, (n + 15) / 16), dim3(16, 16)>>>(n, a, b, c);
}
