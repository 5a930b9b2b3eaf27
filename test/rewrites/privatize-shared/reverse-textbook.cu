// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=reverse -- --assume=noalias:histo,noalias:counts
// Reverse on hand-written privatized histograms: the copy's declaration,
// fill and merge go and the updates go straight to the global array. The
// barriers go too, unless other shared memory may need them.
#include <cuda_runtime.h>

// CUDA by Example's histo_kernel: one bin per thread (every launch has 256
// threads), a grid-stride loop over the bytes.
__global__ void histo_kernel(unsigned char *buffer, long size, unsigned int *histo) {
  __shared__ unsigned int temp[256];
  temp[threadIdx.x] = 0;
  __syncthreads();
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int offset = blockDim.x * gridDim.x;
  while (i < size) {
    atomicAdd(&(temp[buffer[i]]), 1);
    i += offset;
  }
  __syncthreads();
  atomicAdd(&(histo[threadIdx.x]), temp[threadIdx.x]);
}
// CHECK-FIXES:      {{^}}__global__ void histo_kernel(unsigned char *buffer, long size, unsigned int *histo) {
// CHECK-FIXES-NEXT: {{^}}  int i = threadIdx.x + blockIdx.x * blockDim.x;
// CHECK-FIXES-NEXT: {{^}}  int offset = blockDim.x * gridDim.x;
// CHECK-FIXES-NEXT: {{^}}  while (i < size) {
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&(histo[buffer[i]]), 1);
// CHECK-FIXES-NEXT: {{^}}    i += offset;
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}}

// Block-stride fill and merge through a local that skips empty bins, the
// bin count a macro; the block's other shared tile keeps both barriers.
#define NBINS 64
__global__ void binned(const float *__restrict__ v, int n, int *__restrict__ counts) {
  __shared__ int local_counts[NBINS];
  __shared__ float stage[128];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    local_counts[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  stage[threadIdx.x] = i < n ? v[i] : 0.f;
  if (i < n) {
    int b = min(max((int)(stage[threadIdx.x] * NBINS), 0), NBINS - 1);
    atomicAdd(&local_counts[b], 1);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    int c = local_counts[b];
    if (c != 0)
      atomicAdd(&counts[b], c);
  }
}
// CHECK-FIXES:      {{^}}__global__ void binned(const float *__restrict__ v, int n, int *__restrict__ counts) {
// CHECK-FIXES-NEXT: {{^}}  __shared__ float stage[128];
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT: {{^}}  stage[threadIdx.x] = i < n ? v[i] : 0.f;
// CHECK-FIXES-NEXT: {{^}}  if (i < n) {
// CHECK-FIXES-NEXT: {{^}}    int b = min(max((int)(stage[threadIdx.x] * NBINS), 0), NBINS - 1);
// CHECK-FIXES-NEXT: {{^}}    atomicAdd(&counts[b], 1);
// CHECK-FIXES-NEXT: {{^}}  }
// CHECK-FIXES-NEXT: {{^}}  __syncthreads();
// CHECK-FIXES-NEXT: {{^}}}

void launch(unsigned char *buf, long size, unsigned int *histo, const float *v, int n, int *counts) {
  histo_kernel<<<64, 256>>>(buf, size, histo);
  binned<<<(n + 127) / 128, 128>>>(v, n, counts);
}
