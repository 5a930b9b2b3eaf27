// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=reverse
// REQUIRES: nvcc
// The textbook shared-memory stencil (a halo tile staged once, its edges by
// the first RADIUS threads): every store stages slot s from element
// gindex - lindex + s, one block-uniform offset, so a read of slot
// lindex + offset is in[gindex + offset] whichever store filled it. The
// stores' condition only chooses which thread stores (threadIdx.x < RADIUS):
// it goes with the stores. The tile, its stores and the barrier go.
#include <cuda_runtime.h>
#define RADIUS 3
#define BLOCK_SIZE 256
__global__ void stencil_1d(const int *in, int *out) {
  __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x + RADIUS;
  int lindex = threadIdx.x + RADIUS;
  temp[lindex] = in[gindex];
  if (threadIdx.x < RADIUS) {
    temp[lindex - RADIUS] = in[gindex - RADIUS];
    temp[lindex + BLOCK_SIZE] = in[gindex + BLOCK_SIZE];
  }
  __syncthreads();
  int result = 0;
  for (int offset = -RADIUS; offset <= RADIUS; offset++)
    result += temp[lindex + offset];
  out[gindex - RADIUS] = result;
}
// CHECK-FIXES:      {{^}}__global__ void stencil_1d(const int *in, int *out) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  int gindex = threadIdx.x + blockIdx.x * blockDim.x + RADIUS;{{$}}
// CHECK-FIXES-NEXT: {{^}}  int lindex = threadIdx.x + RADIUS;{{$}}
// CHECK-FIXES-NEXT: {{^}}  int result = 0;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int offset = -RADIUS; offset <= RADIUS; offset++){{$}}
// CHECK-FIXES-NEXT: {{^}}    result += in[gindex + offset];{{$}}
// CHECK-FIXES-NEXT: {{^}}  out[gindex - RADIUS] = result;{{$}}
void run(int n, const int *in, int *out) { stencil_1d<<<n / BLOCK_SIZE, BLOCK_SIZE>>>(in, out); }
