// 1-D convolution (Kirk & Hwu, PMPP ch. 7): mask in __constant__ memory, a
// tiled version with halo cells in shared memory, MASK_WIDTH macro.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cuda_runtime.h>

#define MAX_MASK_WIDTH 9
#define TILE_SIZE 256
__constant__ float M[MAX_MASK_WIDTH];

__global__ void convolution_1D_basic(const float *N, float *P, int Mask_Width, int Width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float Pvalue = 0;
  int N_start_point = i - (Mask_Width / 2);
  for (int j = 0; j < Mask_Width; j++)
    if (N_start_point + j >= 0 && N_start_point + j < Width) Pvalue += N[N_start_point + j] * M[j];
  if (i < Width) P[i] = Pvalue;
}

__global__ void convolution_1D_tiled(const float *N, float *P, int Width) {
  __shared__ float N_ds[TILE_SIZE + MAX_MASK_WIDTH - 1];
  const int Mask_Width = MAX_MASK_WIDTH;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = Mask_Width / 2;
  int halo_index_left = (blockIdx.x - 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x >= blockDim.x - n) N_ds[threadIdx.x - (blockDim.x - n)] = (halo_index_left < 0) ? 0 : N[halo_index_left];
  N_ds[n + threadIdx.x] = i < Width ? N[i] : 0;
  int halo_index_right = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x < n) N_ds[n + blockDim.x + threadIdx.x] = (halo_index_right >= Width) ? 0 : N[halo_index_right];
  __syncthreads();
  float Pvalue = 0;
  for (int j = 0; j < Mask_Width; j++) Pvalue += N_ds[threadIdx.x + j] * M[j];
  if (i < Width) P[i] = Pvalue;
}

void conv1d(const float *h_mask, const float *d_in, float *d_out, int width) {
  cudaMemcpyToSymbol(M, h_mask, MAX_MASK_WIDTH * sizeof(float));
  convolution_1D_basic<<<(width + TILE_SIZE - 1) / TILE_SIZE, TILE_SIZE>>>(d_in, d_out, MAX_MASK_WIDTH, width);
  convolution_1D_tiled<<<(width + TILE_SIZE - 1) / TILE_SIZE, TILE_SIZE>>>(d_in, d_out, width);
}
