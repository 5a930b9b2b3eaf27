// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=reverse --expect-exit=2
// Padding for alignment, not for banks: 62 values per row padded to 64
// floats so that every row starts on a 16-byte boundary, and the rows are
// read as float4. Removing the 2 floats of padding would put odd rows 8
// bytes off, and the float4 reads would be misaligned.
#include <cuda_runtime.h>

#define WIDTH 62

__global__ void row_dots(const float *in, float *out) {
  __shared__ __align__(16) float rows[8][WIDTH + 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:34: error: cannot apply 'smem-pad' (reverse) at site 1: precondition 'vector-access-aligned' fails: line [[@LINE+7]] ('*reinterpret_cast<const float4 *>(&rows[threadIdx.y][4 * threadIdx.x])') moves 16 bytes at once; removing the padding of 2 floats (8 bytes) moves the rows after the first off 16-byte alignment [KL2406]
  // CHECK-MESSAGES: :[[@LINE+6]]:22: note: 16-byte access through an element's address [vector-access]
  for (int c = threadIdx.x; c < WIDTH; c += blockDim.x)
    rows[threadIdx.y][c] = in[blockIdx.x * 8 * WIDTH + threadIdx.y * WIDTH + c];
  __syncthreads();
  if (threadIdx.x < 15) {
    // Columns 0..59 as float4.
    const float4 v = *reinterpret_cast<const float4 *>(&rows[threadIdx.y][4 * threadIdx.x]);
    out[(blockIdx.x * 8 + threadIdx.y) * 15 + threadIdx.x] = v.x + v.y + v.z + v.w;
  }
}

void run(const float *in, float *out, int blocks) { row_dots<<<blocks, dim3(16, 8)>>>(in, out); }
