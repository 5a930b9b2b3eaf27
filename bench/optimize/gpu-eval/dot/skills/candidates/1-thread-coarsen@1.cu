// Dot product into one float, naive: every thread multiplies one pair and
// adds it to *result with its own atomicAdd (all threads of the grid
// contend on one address). The launcher zeroes the result first (the gate
// poisons outputs).
#include <cuda_runtime.h>

__global__ void dot_kernel(const float *x, const float *y, float *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    #pragma unroll
    for (int k = 0; k < 4; ++k)
      atomicAdd(result, x[4 * i + k] * y[4 * i + k]);
  } else if (i == n / 4) {
    for (int k = 0; k < n % 4; ++k)
      atomicAdd(result, x[4 * i + k] * y[4 * i + k]);
  }
}

void dot_launch(int n, const float *x, const float *y, float *result) {
  cudaMemsetAsync(result, 0, sizeof(float));
  int block = 256;
  int grid = (n + block - 1) / block;
  if (grid > 0)
    dot_kernel<<<(grid + 3) / 4, block>>>(x, y, result, n);
}
