// Largest |x| of N floats into one float, naive: every thread in range
// does atomicMax on the float's bits (for non-negative floats the int bit
// patterns order like the values). The launcher zeroes the result (0.0f).
#include <cuda_runtime.h>

__global__ void max_abs_kernel(const float *__restrict__ x, int n, float *amax) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n)
    atomicMax(reinterpret_cast<int *>(amax), __float_as_int(fabsf(x[i])));
}

void max_abs_launch(int n, const float *x, float *amax) {
  cudaMemsetAsync(amax, 0, sizeof(float));
  constexpr int kBlock = 1024;
  const int grid = (n + kBlock - 1) / kBlock;
  if (grid > 0)
    max_abs_kernel<<<grid, kBlock>>>(x, n, amax);
}
