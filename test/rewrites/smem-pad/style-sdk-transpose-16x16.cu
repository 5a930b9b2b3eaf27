// RUN: %check-rewrite %s %t --rewrite=smem-pad --direction=forward --expect-exit=2
// RUN: %klineage-rewrite --rewrite=smem-pad --direction=reverse %s -o %t.rev.cu
// RUN: FileCheck %s --check-prefix=REVERSE --input-file=%t.rev.cu
// The old CUDA SDK transpose: 16 x 16 blocks, unsigned indices, guards on
// both sides. A warp is two rows of 16 threads. The column read
// block[threadIdx.x][threadIdx.y] puts 8 words in one bank with rows of 16
// floats; the row store is conflict-free only because its two half-warps
// fill 32 consecutive words. Any pad moves the second half-warp's row off
// that: the SDK's + 1 leaves both accesses 2-way (17 * 15 + 1 == 256 shares
// bank 0 with word 0), + 2 fixes the read but leaves the store 2-way. No
// pad makes every access conflict-free, so forward refuses and says how
// far the best gets. The SDK's own padded version (below) reads back.
#include <cuda_runtime.h>

#define BLOCK_DIM 16

__global__ void transpose(float *odata, float *idata, int width, int height) {
  __shared__ float block[BLOCK_DIM][BLOCK_DIM];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: cannot apply 'smem-pad' (forward) at site 1: precondition 'pad-removes-conflicts' fails: no pad from 1 to 32 makes every access conflict-free: the best, 1, leaves line [[@LINE+7]] ('block[threadIdx.y][threadIdx.x]') 2-way [KL2405]
  // CHECK-MESSAGES: :[[@LINE+6]]:5: note: still a bank conflict [access]

  unsigned int xIndex = blockIdx.x * BLOCK_DIM + threadIdx.x;
  unsigned int yIndex = blockIdx.y * BLOCK_DIM + threadIdx.y;
  if ((xIndex < width) && (yIndex < height)) {
    unsigned int index_in = yIndex * width + xIndex;
    block[threadIdx.y][threadIdx.x] = idata[index_in];
  }

  __syncthreads();

  xIndex = blockIdx.y * BLOCK_DIM + threadIdx.x;
  yIndex = blockIdx.x * BLOCK_DIM + threadIdx.y;
  if ((xIndex < height) && (yIndex < width)) {
    unsigned int index_out = yIndex * height + xIndex;
    odata[index_out] = block[threadIdx.x][threadIdx.y];
  }
}

__global__ void transpose_sdk(float *odata, float *idata, int width, int height) {
  __shared__ float block[BLOCK_DIM][BLOCK_DIM + 1];
  // REVERSE: {{^}}  __shared__ float block[BLOCK_DIM][BLOCK_DIM];{{$}}
  // CHECK-MESSAGES: :[[@LINE-2]]:20: error: cannot apply 'smem-pad' (forward) at site 2: precondition 'pad-removes-conflicts' fails: no pad from 1 to 32 makes every access conflict-free: line [[@LINE+5]] ('block[threadIdx.y][threadIdx.x]') stays 2-way [KL2405]
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: still a bank conflict [access]
  unsigned int xIndex = blockIdx.x * BLOCK_DIM + threadIdx.x;
  unsigned int yIndex = blockIdx.y * BLOCK_DIM + threadIdx.y;
  if ((xIndex < width) && (yIndex < height))
    block[threadIdx.y][threadIdx.x] = idata[yIndex * width + xIndex];
  __syncthreads();
  xIndex = blockIdx.y * BLOCK_DIM + threadIdx.x;
  yIndex = blockIdx.x * BLOCK_DIM + threadIdx.y;
  if ((xIndex < height) && (yIndex < width))
    odata[yIndex * height + xIndex] = block[threadIdx.x][threadIdx.y];
}

void computeTranspose(float *d_odata, float *d_idata, int size_x, int size_y) {
  dim3 grid(size_x / BLOCK_DIM, size_y / BLOCK_DIM, 1);
  dim3 threads(BLOCK_DIM, BLOCK_DIM, 1);
  transpose<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
  transpose_sdk<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
}
