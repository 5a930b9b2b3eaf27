// Kernels in a header, launched from vecops_main.cu (a common layout: the
// .cuh holds __global__ templates, the .cu the host code).
#pragma once
#include <cuda_runtime.h>

namespace vecops {

template <typename T>
__device__ inline T fma_op(T a, T x, T y) { return a * x + y; }

template <typename T>
__global__ void axpy(T a, const T *x, T *y, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
    y[i] = fma_op(a, x[i], y[i]);
}

template <int BLOCK>
__global__ void dot_partial(const float *x, const float *y, float *partial, int n) {
  __shared__ float cache[BLOCK];
  float t = 0.0f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) t += x[i] * y[i];
  cache[threadIdx.x] = t;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = cache[0];
}

} // namespace vecops
