// Largest score per class (16 classes), naive: one global atomicMax per
// sample onto one of 16 addresses.
#include <cuda_runtime.h>
#include <climits>

constexpr int kClasses = 16;

__global__ void class_max_kernel(const int *__restrict__ labels, const int *__restrict__ scores,
                                 int n, int *__restrict__ best) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int c = labels[i];
    if (c >= 0 && c < kClasses)
      atomicMax(&best[c], scores[i]);
  }
}

__global__ void class_max_init(int *best) {
  if (threadIdx.x < kClasses)
    best[threadIdx.x] = INT_MIN;
}

void class_max_launch(int n, const int *labels, const int *scores, int *best) {
  class_max_init<<<1, 32>>>(best);
  if (n > 0)
    class_max_kernel<<<(n + 255) / 256, 256>>>(labels, scores, n, best);
}
