// RUN: %check-rewrite %s %t --rewrite=smem-tile --direction=forward
// REQUIRES: nvcc
// A templated out-of-place transpose in the CUDA-samples style: 32 x 32
// blocks from a TILE_DIM macro, size_t offsets, an early return for both
// bounds, the value scaled as it is copied. The return goes: the staging
// runs under the negated test, the barrier for every thread, the write
// under the swapped thread's test.
#include <cuda_runtime.h>
#define TILE_DIM 32

template <typename T>
__global__ void transposeScaled(T *odata, const T *idata, int width, int height, T scale) {
  const unsigned xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  const unsigned yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  if (xIndex >= width || yIndex >= height)
    return;
  odata[(size_t)xIndex * height + yIndex] = scale * idata[(size_t)yIndex * width + xIndex];
}
// CHECK-FIXES:      {{^}}  __shared__ T odata_tile[32][32];{{$}}
// CHECK-FIXES-NEXT: {{^}}  const unsigned xIndex = blockIdx.x * TILE_DIM + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}  const unsigned yIndex = blockIdx.y * TILE_DIM + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (xIndex < width && yIndex < height){{$}}
// CHECK-FIXES-NEXT: {{^}}    odata_tile[threadIdx.y][threadIdx.x] = scale * idata[(size_t)yIndex * width + xIndex];{{$}}
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();{{$}}
// CHECK-FIXES-NEXT: {{^}}  {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    const unsigned xIndex_t = blockIdx.x * TILE_DIM + threadIdx.y;{{$}}
// CHECK-FIXES-NEXT: {{^}}    const unsigned yIndex_t = blockIdx.y * TILE_DIM + threadIdx.x;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (xIndex_t < width && yIndex_t < height){{$}}
// CHECK-FIXES-NEXT: {{^}}      odata[(size_t)xIndex_t * height + yIndex_t] = odata_tile[threadIdx.x][threadIdx.y];{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

void transpose(float *out, const float *in, int w, int h, cudaStream_t s) {
  dim3 grid((w + TILE_DIM - 1) / TILE_DIM, (h + TILE_DIM - 1) / TILE_DIM), threads(TILE_DIM, TILE_DIM);
  transposeScaled<float><<<grid, threads, 0, s>>>(out, in, w, h, 2.0f);
}
