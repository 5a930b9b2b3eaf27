// RUN: %check-roundtrip %s %t --rewrite=privatize-shared --from=forward -- --assume=noalias
// REQUIRES: nvcc
// Forward then reverse gives back the input: the copy, its fill, its merge
// and both barriers go again (no other shared memory), the updates name the
// global array again.
#include <cuda_runtime.h>

__global__ void byte_histogram(const unsigned char *data, size_t n, unsigned int *bins) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
}

template <typename Counter>
__global__ void nibble_histogram(const unsigned char *data, int n, Counter *bins) {
  int idx = threadIdx.x + blockDim.x * blockIdx.x;
  if (idx < n) {
    unsigned char d = data[idx];
    atomicAdd(&bins[d & 15], (Counter)1);
    atomicAdd(&bins[16 + (d >> 4)], (Counter)1);
  }
}

__global__ void max_per_class(const int *cls, const int *score, int n, int *best) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicMax(&best[cls[i] & 31], score[i]);
}

void run(const unsigned char *d, size_t n, unsigned int *b, unsigned long long *b2, const int *c,
         const int *s, int *best) {
  byte_histogram<<<132 * 8, 256>>>(d, n, b);
  nibble_histogram<unsigned long long><<<(int(n) + 255) / 256, 256>>>(d, int(n), b2);
  max_per_class<<<(int(n) + 127) / 128, 128>>>(c, s, int(n), best);
}
