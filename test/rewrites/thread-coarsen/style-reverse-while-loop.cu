// RUN: %check-rewrite %s %t --rewrite=thread-coarsen --direction=reverse
// REQUIRES: nvcc
// Grid-stride loops written with `while` (CUDA by Example's `add` and
// `histo_kernel`): the index is declared at the global id, the loop's last
// statement adds the grid's thread count (inline or through a local set
// once), and nothing else changes the index. The reverse drops the step and
// turns the loop into the guard; the launches' fixed grids become the
// bound's ceil-division (a macro bound is spelled by its name at the launch).
#include <cuda_runtime.h>
#define N (33 * 1024)
#define SIZE (100 * 1024 * 1024)

__global__ void add(int *a, int *b, int *c) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  while (tid < N) {
    c[tid] = a[tid] + b[tid];
    tid += blockDim.x * gridDim.x;
  }
}
// CHECK-FIXES: {{^}}  int tid = threadIdx.x + blockIdx.x * blockDim.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (tid < N) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    c[tid] = a[tid] + b[tid];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

__global__ void histo_kernel(unsigned char *buffer, long size, unsigned int *histo) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int offset = blockDim.x * gridDim.x;
  while (i < size) {
    atomicAdd(&(histo[buffer[i]]), 1);
    i = i + offset;
  }
}
// CHECK-FIXES: {{^}}  int offset = blockDim.x * gridDim.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (i < size) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&(histo[buffer[i]]), 1);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// Not grid-stride loops, left alone: a `continue` would skip the step (that
// thread never advances), and an index changed before the loop does not
// start at the global id.
__global__ void skip_zero(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    if (v[i] == 0.f)
      continue;
    v[i] = 1.f / v[i];
    i += blockDim.x * gridDim.x;
  }
}
// CHECK-FIXES: {{^}}  while (i < n) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (v[i] == 0.f){{$}}

__global__ void shifted(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  i += 1;
  while (i < n) {
    v[i] *= 2.f;
    i += blockDim.x * gridDim.x;
  }
}
// CHECK-FIXES: {{^}}  i += 1;{{$}}
// CHECK-FIXES-NEXT: {{^}}  while (i < n) {{[{]}}{{$}}

void launch(int *a, int *b, int *c, unsigned char *buffer, unsigned int *histo, float *v, int n,
            int blocks) {
  add<<<128, 128>>>(a, b, c);
  histo_kernel<<<blocks * 2, 256>>>(buffer, SIZE, histo);
  skip_zero<<<blocks, 256>>>(v, n);
  shifted<<<blocks, 256>>>(v, n);
}
// CHECK-FIXES: {{^}}  add<<<(N + 127) / 128, 128>>>(a, b, c);{{$}}
// CHECK-FIXES-NEXT: {{^}}  histo_kernel<<<(SIZE + 255) / 256, 256>>>(buffer, SIZE, histo);{{$}}
// CHECK-FIXES-NEXT: {{^}}  skip_zero<<<blocks, 256>>>(v, n);{{$}}
