// Count of elements equal to a key into one int, naive: each matching
// thread does atomicAdd(count, 1). The launcher zeroes the count.
#include <cuda_runtime.h>

__global__ void count_matches_kernel(const int *keys, int n, int key, int *count) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n && keys[tid] == key)
    atomicAdd(count, 1);
}

void count_matches_launch(int n, const int *keys, int key, int *count, cudaStream_t stream) {
  cudaMemsetAsync(count, 0, sizeof(int), stream);
  const int threads = 512;
  const int blocks = (n + threads - 1) / threads;
  if (blocks > 0)
    count_matches_kernel<<<blocks, threads, 0, stream>>>(keys, n, key, count);
}
