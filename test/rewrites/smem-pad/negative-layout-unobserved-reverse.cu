// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=reverse --expect-exit=2
// Padded tiles whose layout some code relies on: the whole tile is
// reinterpreted as a flat array of 32 * 33 floats, and a row's pointer
// walks 33 floats to the next row. Without the padding both would read
// other elements.
#include <cuda_runtime.h>

#define TILE 32

__global__ void flat_view(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (reverse) at site 1: precondition 'layout-unobserved' fails: line [[@LINE+3]]: the array 'tile' is reinterpreted by a cast; removing the padding would change what it sees [KL2402]
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  const float *flat = reinterpret_cast<const float *>(tile);
  out[threadIdx.y * TILE + threadIdx.x] = flat[threadIdx.x * (TILE + 1) + threadIdx.y];
}

__global__ void next_row(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (reverse) at site 2: precondition 'layout-unobserved' fails: line [[@LINE+3]]: a row of 'tile' is used as a pointer; removing the padding would change what it sees [KL2402]
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  const float *row = tile[threadIdx.y];
  out[threadIdx.y * TILE + threadIdx.x] = row[threadIdx.x + TILE + 1];
}

void run(float *out, const float *in) {
  flat_view<<<1, dim3(TILE, TILE)>>>(out, in);
  next_row<<<1, dim3(TILE, TILE)>>>(out, in);
}
