// 1-D stencil from the CUDA C/C++ training slides: RADIUS halo in shared
// memory, const and __restrict__ already present, a host main with std::vector.
// REQUIRES: nvcc
// RUN: %python %src-root/test/corpus/run_corpus.py --tool=%klineage-rewrite --nvcc=%nvcc --tmp=%t %s
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define RADIUS 3
#define BLOCK_SIZE 256

__global__ void stencil_1d(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x;
  int lindex = threadIdx.x + RADIUS;
  temp[lindex] = gindex < n ? in[gindex] : 0;
  if (threadIdx.x < RADIUS) {
    temp[lindex - RADIUS] = gindex >= RADIUS ? in[gindex - RADIUS] : 0;
    temp[lindex + BLOCK_SIZE] = gindex + BLOCK_SIZE < n ? in[gindex + BLOCK_SIZE] : 0;
  }
  __syncthreads();
  int result = 0;
  for (int offset = -RADIUS; offset <= RADIUS; offset++) result += temp[lindex + offset];
  if (gindex < n) out[gindex] = result;
}

// Weighted taps from a __constant__ table.
__constant__ float c_weights[2 * RADIUS + 1];

__global__ void stencil_weighted(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < RADIUS || i >= n - RADIUS) return;
  float s = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) s += c_weights[k + RADIUS] * in[i + k];
  out[i] = s;
}

int main() {
  const int n = 1 << 20;
  std::vector<int> h_in(n, 1), h_out(n);
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  stencil_1d<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_in, d_out, n);
  float w[2 * RADIUS + 1];
  std::fill(w, w + 2 * RADIUS + 1, 1.0f / (2 * RADIUS + 1));
  cudaMemcpyToSymbol(c_weights, w, sizeof(w));
  stencil_weighted<<<(n + 255) / 256, 256>>>((float *)d_in, (float *)d_out, n);
  cudaMemcpy(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d\n", h_out[n / 2]);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
