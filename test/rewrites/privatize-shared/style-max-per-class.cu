// RUN: %check-rewrite %s %t --rewrite=privatize-shared --direction=forward
// REQUIRES: nvcc
// Largest score per class (atomicMax on ints) with an int64 index and a
// class id bounded by a guard, launched with cudaLaunchKernel.
#include <cuda_runtime.h>
#include <cstdint>

constexpr int kClasses = 10;

__global__ void class_max(const int *__restrict__ labels, const int *__restrict__ scores,
                          int64_t count, int *__restrict__ best) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < count) {
    int c = labels[i];
    if (c >= 0 && c < kClasses)
      atomicMax(&best[c], scores[i]);
  }
}

void class_max_launch(const int *labels, const int *scores, int64_t count, int *best, cudaStream_t s) {
  void *args[] = {&labels, &scores, &count, &best};
  cudaLaunchKernel((const void *)class_max, dim3((unsigned)((count + 255) / 256)), dim3(256), args, 0, s);
}

// CHECK-FIXES: {{^}}  __shared__ int s_best[kClasses];
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < kClasses; bin += blockDim.x)
// CHECK-FIXES: {{^}}    s_best[bin] = (-2147483647 - 1);
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}      atomicMax(&s_best[c], scores[i]);
// CHECK-FIXES: {{^}}  __syncthreads();
// CHECK-FIXES: {{^}}  for (int bin = threadIdx.x; bin < kClasses; bin += blockDim.x)
// CHECK-FIXES: {{^}}    if (s_best[bin] != (-2147483647 - 1))
// CHECK-FIXES: {{^}}      atomicMax(&best[bin], s_best[bin]);
