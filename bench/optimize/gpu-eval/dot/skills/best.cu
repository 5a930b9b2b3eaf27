// Dot product into one float, naive: every thread multiplies one pair and
// adds it to *result with its own atomicAdd (all threads of the grid
// contend on one address). The launcher zeroes the result first (the gate
// poisons outputs).
#include <cuda_runtime.h>

__global__ void dot_kernel(const float *x, const float *y, float *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(result, x[i] * y[i]);
}

void dot_launch(int n, const float *x, const float *y, float *result) {
  cudaMemsetAsync(result, 0, sizeof(float));
  int block = 256;
  int grid = (n + block - 1) / block;
  if (grid > 0)
    dot_kernel<<<grid, block>>>(x, y, result, n);
}
