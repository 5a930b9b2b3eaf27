// Count of elements equal to a key, written with early returns: a thread past
// the end or with another key leaves at once; the rest do atomicAdd(hits, 1).
// The launcher zeroes the count.
#include <cuda_runtime.h>

__global__ void count_key_hits(const int *__restrict__ data, int len, int wanted, int *hits) {
  const int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx >= len)
    return;
  if (data[idx] != wanted)
    return;
  atomicAdd(hits, 1);
}

void count_guarded_launch(int n, const int *keys, int key, int *count, cudaStream_t stream) {
  cudaMemsetAsync(count, 0, sizeof(int), stream);
  if (n > 0)
    count_key_hits<<<(n + 255) / 256, 256, 0, stream>>>(keys, n, key, count);
}
