// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward -- --assume=noalias:d_Histogram
// REQUIRES: nvcc
// CUDA samples style: a 64-bin histogram of bytes (data >> 2), a uint
// typedef, a BIN_COUNT macro, checkCudaErrors around the launch.
#include <cuda_runtime.h>
#include <cstdio>

typedef unsigned int uint;
typedef unsigned char uchar;
#define HISTOGRAM64_BIN_COUNT 64
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
static void check(cudaError_t e, const char *f, const char *file, int line) {
  if (e != cudaSuccess)
    fprintf(stderr, "%s:%d: %s\n", file, line, f);
}

__global__ void histogram64Naive(uint *d_Histogram, const uchar *d_Data, uint dataCount) {
  uint pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos < dataCount) {
    uchar data = d_Data[pos];
    atomicAdd(d_Histogram + (data >> 2), 1);
  }
}

void histogram64(uint *d_Histogram, const uchar *d_Data, uint byteCount) {
  checkCudaErrors(cudaMemset(d_Histogram, 0, HISTOGRAM64_BIN_COUNT * sizeof(uint)));
  histogram64Naive<<<(byteCount + 191) / 192, 192>>>(d_Histogram, d_Data, byteCount);
  checkCudaErrors(cudaGetLastError());
}

// CHECK-FIXES: {{^}}  __shared__ uint s_d_Histogram[64];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 64; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_d_Histogram[bin] = 0;
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}    atomicAdd(s_d_Histogram + (data >> 2), 1);
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < 64; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_d_Histogram[bin] != 0)
// CHECK-FIXES: {{^}}      atomicAdd(&d_Histogram[bin], s_d_Histogram[bin]);
