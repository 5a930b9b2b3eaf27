// Sum of squares of N floats into one double with a grid-stride loop,
// naive: every element is added by its own atomicAdd (a fixed grid of a few
// blocks per SM strides over the data). The launcher zeroes the result.
#include <cuda_runtime.h>
#include <algorithm>

__global__ void sum_squares_kernel(const float *x, long long n, double *out) {
  const long long stride = (long long)blockDim.x * gridDim.x;
  double block_sum = -0.0;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    double v = x[i];
    block_sum += v * v;
  }
  const unsigned block_sum_rank = threadIdx.x;
  const unsigned block_sum_lane = block_sum_rank % 32u;
  for (unsigned block_sum_offset = 16; block_sum_offset > 0; block_sum_offset /= 2)
    block_sum += __shfl_down_sync(0xffffffffu, block_sum, block_sum_offset);
  if (block_sum_lane == 0)
    atomicAdd(out, block_sum);
}

void sum_squares_launch(long long n, const float *x, double *out) {
  cudaMemsetAsync(out, 0, sizeof(double));
  int sms = 0, device = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  const int threads = 256;
  const long long needed = (n + threads - 1) / threads;
  const int blocks = (int)std::min<long long>(needed, 8LL * sms);
  if (blocks > 0)
    sum_squares_kernel<<<blocks, threads>>>(x, n, out);
}
