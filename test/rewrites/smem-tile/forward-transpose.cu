// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// The naive transpose (workloads/transpose/naive.cu): reads along a row are
// coalesced, the writes step R floats along threadIdx.x. The value goes
// into a tile at [threadIdx.y][threadIdx.x]; after the barrier each thread
// writes the element of the thread with x and y swapped, whose address
// steps by one along threadIdx.x. The locals the write needs are
// recomputed for the swapped thread (c_t, r_t); the tile is not padded
// (smem-pad's step).
#include <cuda_runtime.h>

__global__ void transpose_naive_kernel(int R, int C, const float *in, float *out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < R && c < C)
    out[c * R + r] = in[r * C + c];
}
// CHECK-FIXES:      {{^}}__global__ void transpose_naive_kernel(int R, int C, const float *in, float *out) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  __shared__ float out_tile[16][16];{{$}}
// CHECK-FIXES-NEXT: {{^}}  int c = blockIdx.x * blockDim.x + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  int r = blockIdx.y * blockDim.y + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (r < R && c < C){{$}}
// CHECK-FIXES-NEXT: {{^}}    out_tile[threadIdx.y][threadIdx.x] = in[r * C + c];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    int c_t = blockIdx.x * blockDim.x + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}    int r_t = blockIdx.y * blockDim.y + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (r_t < R && c_t < C){{$}}
// CHECK-FIXES-NEXT: {{^}}      out[c_t * R + r_t] = out_tile[threadIdx.x][threadIdx.y];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

void transpose_launch(int R, int C, const float *in, float *out) {
  dim3 block(16, 16);
  dim3 grid((C + block.x - 1) / block.x, (R + block.y - 1) / block.y);
  transpose_naive_kernel<<<grid, block>>>(R, C, in, out);
}
