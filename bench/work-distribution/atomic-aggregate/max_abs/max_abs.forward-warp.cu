// Largest |x| of N floats into one float, naive: every thread in range
// does atomicMax on the float's bits (for non-negative floats the int bit
// patterns order like the values). The launcher zeroes the result (0.0f).
#include <cuda_runtime.h>

__global__ void max_abs_kernel(const float *__restrict__ x, int n, float *amax) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  int block_max = (-2147483647 - 1);
  if (i < n)
    block_max = max(block_max, __float_as_int(fabsf(x[i])));
  const unsigned block_max_rank = threadIdx.x;
  const unsigned block_max_lane = block_max_rank % 32u;
  for (unsigned block_max_offset = 16; block_max_offset > 0; block_max_offset /= 2)
    block_max = max(block_max, __shfl_down_sync(0xffffffffu, block_max, block_max_offset));
  if (block_max_lane == 0)
    atomicMax(reinterpret_cast<int *>(amax), block_max);
}

void max_abs_launch(int n, const float *x, float *amax) {
  cudaMemsetAsync(amax, 0, sizeof(float));
  constexpr int kBlock = 1024;
  const int grid = (n + kBlock - 1) / kBlock;
  if (grid > 0)
    max_abs_kernel<<<grid, kBlock>>>(x, n, amax);
}
